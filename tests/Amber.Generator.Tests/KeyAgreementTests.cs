using System;
using System.Collections.Generic;
using System.Text;
using Amber.Format;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// The generator computes member keys at compile time and the runtime computes them for former
    /// names and tools, both with AmberCode.KeyOf (the generator compiles the runtime's AmberCode.cs,
    /// as Amber.Generator.AmberCode): both builds of it must be docs/format.md §4 exactly.
    /// </summary>
    public class KeyAgreementTests
    {
        private static IEnumerable<string> AllNames()
        {
            // Plain identifiers.
            for (int i = 0; i < 150; i++) yield return "M" + i;
            string[] common =
            {
                "", "_", "@class", "Id", "id", "ID", "Name", "name", "Value", "Item1", "Item7", "Rest", "Key",
                "FirstName", "LastName", "CreatedAt", "UpdatedUtc", "__backing", "X", "Y", "Z", "Length",
                "a_very_long_member_name_that_goes_on_and_on_to_cover_more_than_a_few_bytes_of_hashing",
            };
            foreach (string s in common) yield return s;

            // Non-ASCII: two-, three- and four-byte UTF-8, combining marks, and one lone surrogate
            // (both sides encode it as U+FFFD).
            string[] unicode =
            {
                "Größe", "Straße", "Ångström", "naïve", "café", "Ωmega", "Имя", "Фамилия", "名前", "値", "데이터",
                "العمر", "שם", "ĳ", "e\u0301", "\u00E9", "日本語の名前", "𝑥", "😀Smile", "a\U0001F600b", "\uD800",
                "Δx", "μ", "π2", "ŉ", "ǅ", "\u200Bzero", "ℌilbert", "Ⅻ", "〇",
            };
            foreach (string s in unicode) yield return s;

            // Deterministic random strings over several planes.
            var random = new Random(20240611);
            for (int i = 0; i < 150; i++)
            {
                var sb = new StringBuilder();
                int length = random.Next(1, 24);
                for (int j = 0; j < length; j++)
                {
                    switch (random.Next(4))
                    {
                        case 0: sb.Append((char)random.Next(0x20, 0x7F)); break;
                        case 1: sb.Append((char)random.Next(0xA0, 0x800)); break;
                        case 2: sb.Append((char)random.Next(0x800, 0xD800)); break;
                        default: sb.Append(char.ConvertFromUtf32(random.Next(0x10000, 0x10FFFF))); break;
                    }
                }
                yield return sb.ToString();
            }
        }

        [Fact]
        public void Generator_and_runtime_agree_on_a_few_hundred_names()
        {
            var names = new HashSet<string>(AllNames(), StringComparer.Ordinal);
            Assert.True(names.Count >= 300, $"only {names.Count} names");
            var mismatches = new List<string>();
            foreach (string name in names)
            {
                int expected = Reference(name);
                int generator = Amber.Generator.AmberCode.KeyOf(name);
                int runtime = global::Amber.Format.AmberCode.KeyOf(name);
                if (generator != expected || runtime != expected)
                {
                    mismatches.Add($"{Escape(name)}: format {expected}, generator {generator}, runtime {runtime}");
                }
            }
            Assert.True(mismatches.Count == 0, string.Join("\n", mismatches));
        }

        [Fact]
        public void Keys_fit_in_13_bits_and_match_the_constants()
        {
            Assert.Equal(8191, AmberCode.MaxKey);
            Assert.Equal(AmberCode.MaxKey, global::Amber.Format.AmberCode.MaxKey);
            // Offset basis only: fold13(0x811C9DC5).
            const uint basis = 0x811C9DC5;
            Assert.Equal((int)((basis ^ (basis >> 13) ^ (basis >> 26)) & 0x1FFF), AmberCode.KeyOf(""));
        }

        private static string Escape(string s)
        {
            var sb = new StringBuilder("\"");
            foreach (char c in s)
            {
                if (c >= 0x20 && c < 0x7F) sb.Append(c);
                else sb.Append("\\u").Append(((int)c).ToString("X4", System.Globalization.CultureInfo.InvariantCulture));
            }
            return sb.Append('"').ToString();
        }

        /// <summary>docs/format.md §4 written out once more, independently of both implementations.</summary>
        private static int Reference(string name)
        {
            uint h = 2166136261u;
            foreach (byte b in new UTF8Encoding(false, false).GetBytes(name))
            {
                h = unchecked((h ^ b) * 16777619u);
            }
            uint folded = h ^ (h >> 13) ^ (h >> 26);
            return (int)(folded % 8192u);
        }
    }
}
