using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Diagnostics about a member sit on the member's declaration and name it (Type.Member) and its type, whether the root
    /// is found from a call to AmberSerializer or named by [assembly: AmberSerializable]: AMB016 for a type that can never be
    /// serialized, AMB001 for a type from another assembly that cannot be modelled, AMB017 (info) for a member left out.
    /// </summary>
    public class MemberDiagnosticTests
    {
        /// <summary>A type with one member of <paramref name="memberType"/>, served from a call site or an assembly attribute.</summary>
        private static string Holder(string memberType, bool fromAttribute, string extraMembers = "") =>
            "using Amber;\n"
            + (fromAttribute ? "[assembly: AmberSerializable(typeof(Holder))]\n" : "")
            + "\npublic class Holder\n{\n    public int Id { get; set; }\n    public " + memberType + " Thing { get; set; }\n" + extraMembers + "}\n"
            + (fromAttribute ? "" : "\npublic static class Use\n{\n    public static byte[] Save(Holder h) => AmberSerializer.Serialize(h);\n}\n");

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void A_nint_member_is_reported_on_the_member_naming_it_and_its_type(bool fromAttribute)
        {
            string source = Holder("nint", fromAttribute);
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            DiagnosticTests.AssertAt(d, source, "Thing");
            string message = d.GetMessage();
            Assert.StartsWith("Member 'Holder.Thing' has type 'nint', a native handle or address, which can never be serialized", message);
            Assert.Contains("[AmberIgnore]", message);
            Assert.Contains("make it a long", message);
        }

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void A_task_member_is_reported_on_the_member_not_as_a_missing_constructor_at_the_call(bool fromAttribute)
        {
            string source = Holder("System.Threading.Tasks.Task?", fromAttribute);
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            DiagnosticTests.AssertAt(d, source, "Thing");
            Assert.StartsWith("Member 'Holder.Thing' has type 'System.Threading.Tasks.Task?', a task,", d.GetMessage());
            Assert.DoesNotContain("constructor", d.GetMessage());
        }

        [Theory]
        [InlineData("System.Threading.Tasks.Task<int>?", "a task")]
        [InlineData("System.Threading.Tasks.ValueTask", "a task")]
        [InlineData("System.Threading.Tasks.ValueTask<string>", "a task")]
        [InlineData("System.IntPtr", "a native handle or address")]
        [InlineData("nuint", "a native handle or address")]
        [InlineData("Microsoft.Win32.SafeHandles.SafeFileHandle?", "an operating-system handle")]
        [InlineData("System.Threading.ManualResetEvent?", "an operating-system handle")]
        [InlineData("System.Action?", "a delegate")]
        [InlineData("System.Func<int>?", "a delegate")]
        [InlineData("System.Delegate?", "a delegate")]
        [InlineData("System.MulticastDelegate?", "a delegate")]
        [InlineData("System.EventHandler?", "a delegate")]
        [InlineData("System.IO.Stream?", "a stream")]
        [InlineData("System.IO.MemoryStream?", "a stream")]
        [InlineData("System.IO.StreamReader?", "a stream")]
        [InlineData("System.Threading.Thread?", "a thread")]
        [InlineData("System.Threading.CancellationToken", "a cancellation token")]
        [InlineData("System.Threading.CancellationToken?", "a cancellation token")]
        [InlineData("System.Threading.CancellationTokenSource?", "a cancellation source")]
        [InlineData("System.Type?", "a type or member of code")]
        [InlineData("System.Reflection.MethodInfo?", "a type or member of code")]
        public void A_member_of_a_type_that_can_never_be_serialized_gets_AMB016_on_the_member(string memberType, string what)
        {
            string source = Holder(memberType, fromAttribute: false);
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            DiagnosticTests.AssertAt(d, source, "Thing");
            Assert.StartsWith("Member 'Holder.Thing' has type '", d.GetMessage());
            Assert.Contains(", " + what + ", which can never be serialized: ", d.GetMessage());
            Assert.Contains("Fix: mark the member [AmberIgnore]", d.GetMessage());
        }

        [Fact]
        public void A_delegate_type_of_the_users_own_is_a_delegate()
        {
            string source = Holder("Handler?", fromAttribute: false) + "\npublic delegate void Handler(int x);\n";
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            DiagnosticTests.AssertAt(d, source, "Thing");
            Assert.Contains("'Handler?', a delegate,", d.GetMessage());
        }

        [Fact]
        public void A_System_Type_member_says_why_types_from_data_are_refused_and_what_to_do_instead()
        {
            string source = Holder("System.Type?", fromAttribute: false);
            string message = DiagnosticTests.Single(source, "AMB016").GetMessage();
            Assert.Contains("attack", message);
            Assert.Contains("store the name in a string member yourself", message);
            Assert.Contains("types you allow", message);
        }

        [Fact]
        public void A_collection_of_tasks_names_the_member_its_declared_type_and_the_element_type()
        {
            string source = Holder("System.Collections.Generic.List<System.Threading.Tasks.Task>?", fromAttribute: false);
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            DiagnosticTests.AssertAt(d, source, "Thing");
            Assert.StartsWith("Member 'Holder.Thing' has type 'System.Collections.Generic.List<System.Threading.Tasks.Task>?', which holds 'System.Threading.Tasks.Task', a task,", d.GetMessage());
        }

        [Fact]
        public void Every_member_of_such_a_type_is_reported_each_at_its_own_declaration()
        {
            string source = Holder("nint", fromAttribute: false, "    public nint Other;\n    public System.Action? Callback { get; set; }\n");
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Equal(3, run.Diagnostics.Length);
            Assert.All(run.Diagnostics, d => Assert.Equal("AMB016", d.Id));
            foreach (string member in new[] { "Thing", "Other", "Callback" })
            {
                Diagnostic d = Assert.Single(run.Diagnostics, x => x.GetMessage().StartsWith("Member 'Holder." + member + "'", System.StringComparison.Ordinal));
                DiagnosticTests.AssertAt(d, source, member);
            }
            Assert.Empty(run.Result.GeneratedSources);
        }

        [Fact]
        public void An_ignored_member_of_such_a_type_is_no_problem()
        {
            string source = "using Amber;\n\npublic class Holder\n{\n    public int Id { get; set; }\n    [AmberIgnore] public System.Threading.Tasks.Task? Pending { get; set; }\n"
                + "    [AmberIgnore] public nint Handle { get; set; }\n    [AmberIgnore] public System.Type? Kind { get; set; }\n}\n"
                + "\npublic static class Use\n{\n    public static byte[] Save(Holder h) => AmberSerializer.Serialize(h);\n}\n";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.Empty(run.Diagnostics);
            Assert.Contains(run.Result.GeneratedSources, s => s.HintName == "AmberCodec_Holder.g.cs");
            Assert.Empty(GeneratorHarness.Problems(run.Output));
        }

        [Fact]
        public void A_surrogate_registered_for_System_Type_is_used_instead_of_refusing_it()
        {
            const string source = @"
using Amber;
[assembly: AmberSurrogate(typeof(System.Type), typeof(TypeName))]

public struct TypeName
{
    public string? Name { get; set; }
    public static implicit operator TypeName(System.Type t) => new TypeName { Name = t.FullName };
    public static implicit operator System.Type(TypeName n) => n.Name == ""System.Int32"" ? typeof(int) : typeof(string);
}

public class Holder { public System.Type? Kind { get; set; } }

public static class Use { public static byte[] Save(Holder h) => AmberSerializer.Serialize(h); }
";
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.DoesNotContain(run.Diagnostics, d => d.Id == "AMB016");
            Assert.Contains(run.Result.GeneratedSources, s => s.HintName == "AmberCodec_Holder.g.cs");
        }

        [Fact]
        public void The_serialized_type_itself_being_a_task_is_reported_at_the_call()
        {
            const string source = "using Amber;\n\npublic static class Use\n{\n    public static byte[] Save(System.Threading.Tasks.Task t) => AmberSerializer.Serialize(t);\n}\n";
            Diagnostic d = DiagnosticTests.Single(source, "AMB016");
            Assert.StartsWith("The serialized type is 'System.Threading.Tasks.Task', a task, which can never be serialized", d.GetMessage());
            Assert.Contains("Fix: serialize a class, struct or record that holds the data instead", d.GetMessage());
            Assert.Contains("AmberSerializer.Serialize(t)", source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
        }

        [Fact]
        public void A_problem_inside_a_type_from_another_assembly_is_placed_at_the_users_member_that_holds_it()
        {
            CSharpCompilation vendor = CSharpCompilation.Create("Vendor",
                new[] { CSharpSyntaxTree.ParseText("namespace Ui { public class Widget { public int Size { get; set; } public System.Action? OnClick { get; set; } } }", GeneratorHarness.ParseOptions()) },
                GeneratorHarness.References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
            using var image = new MemoryStream();
            EmitResult emitted = vendor.Emit(image);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics));

            const string source = @"
using Amber;

public class Screen
{
    public string? Title { get; set; }
    public Ui.Widget? Main { get; set; }
}

public static class Use { public static byte[] Save(Screen s) => AmberSerializer.Serialize(s); }
";
            GeneratorRun run = GeneratorHarness.Run(GeneratorHarness.CreateCompilation(source).AddReferences(MetadataReference.CreateFromImage(image.ToArray())));
            Diagnostic d = Assert.Single(run.Diagnostics);
            Assert.Equal("AMB016", d.Id);
            Assert.StartsWith("Member 'Widget.OnClick' has type 'System.Action?', a delegate,", d.GetMessage());
            // Not at the call: at the member of the user's type through which the vendor's type is reached.
            Assert.Equal("Main", source.Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
        }
    }
}
