using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text;
using Amber.Format;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// One test per diagnostic: a minimal input that triggers it, reported where the problem is (the
    /// member or type, not Location.None), with the fix in the message and a help page that exists.
    /// </summary>
    public class DiagnosticTests
    {
        [Fact]
        public void AMB001_unsupported_member_type()
        {
            const string source = @"
using Amber;

public class Holder
{
    public int Id { get; set; }
    public System.Collections.Generic.IReadOnlyList<System.IComparable>? Payload { get; set; }
}

public static class Use
{
    public static byte[] Save(Holder h) => AmberSerializer.Serialize(h);
}";
            Diagnostic d = Single(source, "AMB001");
            AssertAt(d, source, "Payload");
            Assert.Contains("Holder.Payload", d.GetMessage());
            Assert.Contains("'System.IComparable'", d.GetMessage());
        }

        [Fact]
        public void AMB002_no_usable_constructor()
        {
            const string source = @"
using Amber;

public class Seeded
{
    public Seeded(int seed) { }
    public int Value { get; set; }
}

public static class Use
{
    public static byte[] Save(Seeded s) => AmberSerializer.Serialize(s);
}";
            Diagnostic d = Single(source, "AMB002");
            AssertAt(d, source, "Seeded");
        }

        [Fact]
        public void AMB003_inaccessible_type()
        {
            const string source = @"
using Amber;

public class Outer
{
    private class Secret
    {
        public int Value { get; set; }
    }

    public static byte[] Save() => AmberSerializer.Serialize(new Secret());
}";
            Diagnostic d = Single(source, "AMB003");
            AssertAt(d, source, "Secret");
            Assert.Contains("private", d.GetMessage());
        }

        [Fact]
        public void AMB004_key_chosen_with_AmberKey_is_taken()
        {
            (string a, _, int key) = KeyCollisions.FirstPair();
            string source = @"
using Amber;

public class Clash
{
    public int " + a + @" { get; set; }
    [AmberKey(" + key + @")]
    public int Chosen { get; set; }
}

public static class Use
{
    public static byte[] Save(Clash c) => AmberSerializer.Serialize(c);
}";
            Diagnostic d = Single(source, "AMB004");
            AssertAt(d, source, "Chosen");
            string message = d.GetMessage();
            Assert.Contains(a, message);
            Assert.Contains("Chosen", message);
            Assert.Contains(key.ToString(System.Globalization.CultureInfo.InvariantCulture), message);
            Assert.Contains("[AmberKey", message);
        }

        [Fact]
        public void AMB004_when_a_natural_key_meets_an_earlier_chosen_one()
        {
            (_, string b, int key) = KeyCollisions.FirstPair();
            string source = @"
using Amber;

public class Clash
{
    [AmberKey(" + key + @")]
    public int Chosen { get; set; }
    public int " + b + @" { get; set; }
}

public static class Use
{
    public static byte[] Save(Clash c) => AmberSerializer.Serialize(c);
}";
            Diagnostic d = Single(source, "AMB004");
            AssertAt(d, source, b);
        }

        [Fact]
        public void AMB004_is_not_reported_when_names_share_a_key_by_chance()
        {
            // format §5: members whose names hash to one key keep it; the shape carries each name's full hash.
            (string a, string b, int key) = KeyCollisions.FirstPair();
            string source = @"
using Amber;

public class Clash
{
    public int " + a + @" { get; set; }
    public string? " + b + @" { get; set; }
}

public static class Use
{
    public static byte[] Save(Clash c) => AmberSerializer.Serialize(c);
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
            string codec = run.Generated("AmberCodec_Clash.g.cs");
            var inv = System.Globalization.CultureInfo.InvariantCulture;
            Assert.Contains("0x" + ((key << 3) | 0).ToString("X4", inv) + ", 0x" + ((key << 3) | 4).ToString("X4", inv), codec);
            Assert.Contains("new uint[] { 0x" + AmberCode.TypeTagOf(a).ToString("X8", inv) + "u, 0x"
                + AmberCode.TypeTagOf(b).ToString("X8", inv) + "u }", codec);
        }

        [Fact]
        public void AMB004_is_fixed_by_AmberKey()
        {
            (string a, _, int key) = KeyCollisions.FirstPair();
            int chosen = KeyCollisions.UnusedKey(key);
            string source = @"
using Amber;

public class Clash
{
    public int " + a + @" { get; set; }
    [AmberKey(" + chosen + @")]
    public int Chosen { get; set; }
}

public static class Use
{
    public static byte[] Save(Clash c) => AmberSerializer.Serialize(c);
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
            string codec = run.Generated("AmberCodec_Clash.g.cs");
            Assert.Contains("0x" + ((chosen << 3) | 0).ToString("X4", System.Globalization.CultureInfo.InvariantCulture), codec);
        }

        [Theory]
        [InlineData(65)]
        [InlineData(200)]
        public void AMB005_is_retired_and_wide_types_generate(int count)
        {
            var sb = new StringBuilder();
            sb.Append("using Amber;\n\npublic class Wide\n{\n");
            for (int i = 0; i < count; i++) sb.Append("    public int P").Append(i).Append(" { get; set; }\n");
            sb.Append("}\n\npublic static class Use\n{\n    public static byte[] Save(Wide w) => AmberSerializer.Serialize(w);\n}\n");

            GeneratorRun run = GeneratorHarness.Run(sb.ToString());
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
            Assert.Null(Diagnostics.ById("AMB005"));
        }

        [Theory]
        [InlineData(1024, false)]
        [InlineData(1025, true)]
        public void AMB011_more_members_than_a_shape_lists(int count, bool reported)
        {
            var sb = new StringBuilder();
            sb.Append("using Amber;\n\npublic class Huge\n{\n");
            for (int i = 0; i < count; i++) sb.Append("    public int P").Append(i).Append(";\n");
            sb.Append("}\n\npublic static class Use\n{\n    public static byte[] Save(Huge h) => AmberSerializer.Serialize(h);\n}\n");

            GeneratorRun run = GeneratorHarness.Run(sb.ToString());
            if (!reported)
            {
                Assert.Empty(run.Diagnostics);
                return;
            }
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB011", d.Id);
            Assert.Contains("1025 serialized members", d.GetMessage(), System.StringComparison.Ordinal);
            Assert.Contains("Fix:", d.GetMessage(), System.StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("public AmberUnknownMembers? Unknown { get; init; }", "cannot set it after the object is created")]
        [InlineData("public readonly AmberUnknownMembers? Unknown;", "cannot set it after the object is created")]
        [InlineData("public AmberUnknownMembers? Unknown { get; set; } public AmberUnknownMembers? More { get; set; }", "already keeps them in 'Unknown'")]
        public void AMB012_unknown_members_that_cannot_be_kept(string member, string why)
        {
            string source = "using Amber;\n\npublic class Message\n{\n    public string? Name { get; set; }\n    " + member
                + "\n}\n\npublic static class Use\n{\n    public static byte[] Save(Message m) => AmberSerializer.Serialize(m);\n}\n";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB012", d.Id);
            Assert.Contains(why, d.GetMessage(), System.StringComparison.Ordinal);
            Assert.Contains("Fix:", d.GetMessage(), System.StringComparison.Ordinal);
        }

        [Theory]
        [InlineData("[AmberDefaultSubtype(typeof(Weapon))]", "Weapon", "does not derive from or implement")]
        [InlineData("[AmberDefaultSubtype(typeof(Blade))]", "Blade", "is abstract")]
        [InlineData("[AmberDefaultSubtype(typeof(Other))]", "Other", "does not derive from or implement")]
        public void AMB019_a_default_subtype_that_cannot_be_used(string attribute, string named, string why)
        {
            string source = "using Amber;\n\n" + attribute + "\npublic abstract class Weapon { public int Damage { get; set; } }\n"
                + "public abstract class Blade : Weapon { }\npublic class Sword : Blade { public int Edge { get; set; } }\npublic class Other { }\n"
                + "public class Player { public Weapon? Hand { get; set; } }\n\npublic static class Use\n{\n    public static byte[] Save(Player p) => AmberSerializer.Serialize(p);\n}\n";
            Diagnostic d = Single(source, "AMB019");
            AssertAt(d, source, attribute.Substring(1, attribute.Length - 2));
            Assert.Contains($"typeof({named})", d.GetMessage(), System.StringComparison.Ordinal);
            Assert.Contains(why, d.GetMessage(), System.StringComparison.Ordinal);
            Assert.Contains("Fix:", d.GetMessage(), System.StringComparison.Ordinal);
        }

        [Fact]
        public void A_default_subtype_reads_untagged_data_in_the_generated_reader()
        {
            const string source = "using Amber;\n\n[AmberDefaultSubtype(typeof(Sword))]\npublic abstract class Weapon { public int Damage { get; set; } }\npublic class Sword : Weapon { public int Edge { get; set; } }\npublic class Bow : Weapon { }\n"
                + "public class Player { public Weapon? Hand { get; set; } }\n\npublic static class Use\n{\n    public static byte[] Save(Player p) => AmberSerializer.Serialize(p);\n}\n";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
            string all = string.Concat(run.Result.GeneratedSources.Select(g => g.SourceText.ToString()));
            Assert.Contains("RegisterDefaultSubtype(typeof(global::Weapon), typeof(global::Sword));", all, System.StringComparison.Ordinal);
            Assert.DoesNotContain("MissingTypeTag", all, System.StringComparison.Ordinal);
        }

        [Fact]
        public void A_settable_unknown_members_member_is_kept_not_serialized()
        {
            const string source = "using Amber;\n\npublic struct Stamp\n{\n    public long Ticks { get; set; }\n    public AmberUnknownMembers? Kept;\n}\n\npublic static class Use\n{\n    public static byte[] Save(Stamp s) => AmberSerializer.Serialize(s);\n}\n";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
            string codec = run.Result.GeneratedSources.Single(g => g.HintName.Contains("Stamp")).SourceText.ToString();
            Assert.Contains("unknown = r.KeepUnknown(unknown, match, writerMember, wireType);", codec, System.StringComparison.Ordinal);
            Assert.Contains("o.Kept = unknown;", codec, System.StringComparison.Ordinal);
            Assert.Contains("w.WriteKeptMembers(unknown);", codec, System.StringComparison.Ordinal);
            Assert.DoesNotContain("InlineShape", codec, System.StringComparison.Ordinal);
        }

        [Fact]
        public void AMB005_is_not_reported_at_64_members()
        {
            var sb = new StringBuilder();
            sb.Append("using Amber;\n\npublic class Wide\n{\n");
            for (int i = 0; i < 64; i++) sb.Append("    public int P").Append(i).Append(" { get; set; }\n");
            sb.Append("}\n\npublic static class Use\n{\n    public static byte[] Save(Wide w) => AmberSerializer.Serialize(w);\n}\n");

            GeneratorRun run = GeneratorHarness.Run(sb.ToString());
            Assert.Empty(run.Diagnostics);
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void AMB006_name_clash()
        {
            const string source = @"
using Amber;

public class Renamed
{
    [AmberFormerName(""Title"")]
    public string? Name { get; set; }
    public string? Title { get; set; }
}

public static class Use
{
    public static byte[] Save(Renamed r) => AmberSerializer.Serialize(r);
}";
            GeneratorRun run = GeneratorHarness.Run(source);
            Diagnostic d = Assert.Single(run.Diagnostics, x => x.Id == "AMB006");
            AssertCommon(d);
            AssertAt(d, source, "Title", occurrence: 2);   // the member, not the attribute argument
            Assert.Contains("'Title'", d.GetMessage());
            Assert.Contains("'Name'", d.GetMessage());
            Assert.Empty(run.Result.GeneratedSources);
        }

        [Fact]
        public void AMB007_key_out_of_range()
        {
            const string source = @"
using Amber;

public class Keyed
{
    [AmberKey(9000)]
    public int Value { get; set; }
}

public static class Use
{
    public static byte[] Save(Keyed k) => AmberSerializer.Serialize(k);
}";
            Diagnostic d = Single(source, "AMB007");
            AssertAt(d, source, "Value");
            Assert.Contains("9000", d.GetMessage());
        }

        [Fact]
        public void AMB008_private_member_that_cannot_be_reached()
        {
            // net10 has UnsafeAccessor, but not for members of generic types (yet): the diagnostic names the member and the fix.
            const string source = @"
using Amber;

public class Box<T>
{
    public T? Value { get; set; }
    [AmberInclude] private int _version;
    public int Version => _version;
}

public static class Use
{
    public static byte[] Save(Box<int> b) => AmberSerializer.Serialize(b);
}";
            Diagnostic d = Single(source, "AMB008");
            AssertAt(d, source, "_version");
            Assert.Contains("generic type", d.GetMessage());
        }

        [Fact]
        public void AMB009_surrogate_without_conversions()
        {
            const string source = @"
using Amber;

[assembly: AmberSurrogate(typeof(Color), typeof(ColorSurrogate))]

public struct Color { public Color(uint packed) { Packed = packed; } public uint Packed { get; } }
public struct ColorSurrogate { public uint Packed; }   // no conversion operators

public class Paint { public Color Tint { get; set; } }

public static class Use
{
    public static byte[] Save(Paint p) => AmberSerializer.Serialize(p);
}";
            Diagnostic d = Single(source, "AMB009");
            AssertAt(d, source, "AmberSurrogate(typeof(Color), typeof(ColorSurrogate))");
            Assert.Contains("implicit operator ColorSurrogate(Color value)", d.GetMessage());
        }

        [Fact]
        public void Every_descriptor_has_a_page_its_message_names()
        {
            string pages = Path.Combine(RepositoryRoot(), "docs", "diagnostics");
            DiagnosticDescriptor[] declared = typeof(Diagnostics)
                .GetFields(System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static)
                .Where(f => f.FieldType == typeof(DiagnosticDescriptor))
                .Select(f => (DiagnosticDescriptor)f.GetValue(null)!)
                .ToArray();
            Assert.Equal(22, declared.Length);
            Assert.Equal(declared.Select(d => d.Id).OrderBy(x => x), Diagnostics.All.Select(d => d.Id));
            foreach (DiagnosticDescriptor descriptor in declared)
            {
                string id = descriptor.Id;
                Assert.Same(descriptor, Diagnostics.ById(id));
                string page = Path.Combine(pages, id + ".md");
                Assert.True(File.Exists(page), "docs/diagnostics/" + id + ".md is missing");
                Assert.StartsWith("# " + id + ": ", File.ReadLines(page).First());
                string message = descriptor.MessageFormat.ToString(System.Globalization.CultureInfo.InvariantCulture);
                Assert.EndsWith("(See docs/diagnostics/" + id + ".md in the Amber package.)", message);
                // No address serves the pages on the web: no help link rather than one that leads nowhere.
                Assert.Equal(Diagnostics.HelpLinkOf(id) ?? "", descriptor.HelpLinkUri);
                if (id is "AMB013" or "AMB017")
                {
                    // AMB013: a type left to another library's serializer; AMB017: a member left out. Nothing is broken.
                    Assert.Equal(DiagnosticSeverity.Info, descriptor.DefaultSeverity);
                    continue;
                }
                Assert.Contains("Fix:", message);
                // AMB020 to AMB023: a change that breaks a released version's data, or a baseline that cannot be read. The
                // code compiles and works; the project decides whether the build stops (WarningsAsErrors).
                Assert.Equal(id is "AMB020" or "AMB021" or "AMB022" or "AMB023" ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error, descriptor.DefaultSeverity);
            }
            Assert.Null(Diagnostics.ById("AMB005"));   // retired: its page says so, and no descriptor has it
            Assert.Null(Diagnostics.ById("AMB024"));
        }

        [Fact]
        public void Every_page_is_headed_by_its_own_id()
        {
            string[] pages = Directory.GetFiles(Path.Combine(RepositoryRoot(), "docs", "diagnostics"), "*.md");
            Assert.Equal(23, pages.Length);   // AMB001 to AMB023, AMB005 retired but kept
            foreach (string page in pages)
            {
                string id = Path.GetFileNameWithoutExtension(page);
                Assert.Matches("^AMB[0-9]{3}$", id);
                Assert.StartsWith("# " + id + ": ", File.ReadLines(page).First());
            }
        }

        // ------------------------------------------------------------------ helpers

        /// <summary>Runs the generator and returns its only diagnostic, which must have <paramref name="id"/>.</summary>
        internal static Diagnostic Single(string source, string id)
        {
            var input = GeneratorHarness.CreateCompilation(source);
            var inputErrors = input.GetDiagnostics().Where(x => x.Severity == DiagnosticSeverity.Error).ToList();
            Assert.True(inputErrors.Count == 0, "The test input does not compile:\n" + GeneratorHarness.Describe(inputErrors));

            GeneratorRun run = GeneratorHarness.Run(input);
            Assert.Null(run.Result.Exception);
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal(id, d.Id);
            AssertCommon(d);
            // A type the generator cannot serve gets no code (and no half-registered formatter).
            Assert.Empty(run.Result.GeneratedSources);
            return d;
        }

        internal static void AssertCommon(Diagnostic d)
        {
            Assert.Equal(DiagnosticSeverity.Error, d.Severity);
            string message = d.GetMessage(System.Globalization.CultureInfo.InvariantCulture);
            Assert.Contains("Fix:", message);
            Assert.EndsWith("(See docs/diagnostics/" + d.Id + ".md in the Amber package.)", message);
        }

        /// <summary>The diagnostic points at the <paramref name="occurrence"/>-th whole-word <paramref name="text"/> of the input.</summary>
        internal static void AssertAt(Diagnostic d, string source, string text, int occurrence = 1)
        {
            Assert.NotEqual(LocationKind.None, d.Location.Kind);
            FileLinePositionSpan lineSpan = d.Location.GetLineSpan();
            Assert.Equal(GeneratorHarness.InputPath, lineSpan.Path);

            int start = IndexOfWord(source, text, occurrence);
            Assert.True(start >= 0, $"'{text}' (occurrence {occurrence}) is not in the input");
            TextSpan span = d.Location.SourceSpan;
            Assert.Equal(text, source.Substring(span.Start, span.Length));
            Assert.Equal(start, span.Start);

            SourceText sourceText = SourceText.From(source);
            Assert.Equal(sourceText.Lines.GetLinePositionSpan(span), lineSpan.Span);
        }

        private static int IndexOfWord(string source, string word, int occurrence)
        {
            int from = 0;
            while (true)
            {
                int i = source.IndexOf(word, from, System.StringComparison.Ordinal);
                if (i < 0) return -1;
                bool before = i == 0 || !char.IsLetterOrDigit(source[i - 1]) && source[i - 1] != '_';
                int end = i + word.Length;
                bool after = end == source.Length || !char.IsLetterOrDigit(source[end]) && source[end] != '_';
                if (before && after && --occurrence == 0) return i;
                from = i + 1;
            }
        }

        internal static string RepositoryRoot([CallerFilePath] string thisFile = "") =>
            Path.GetFullPath(Path.Combine(Path.GetDirectoryName(thisFile)!, "..", ".."));
    }
}
