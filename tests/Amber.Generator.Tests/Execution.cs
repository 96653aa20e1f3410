using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace Amber.Generator.Tests
{
    /// <summary>
    /// Compiles an input with its generated code, loads it into a collectible load context (Amber.dll
    /// comes from this process) and calls a static method: for behaviour a snapshot cannot show.
    /// </summary>
    internal static class Execution
    {
        /// <summary>The input compiled with its generated code, which must report nothing: the assembly's bytes.</summary>
        public static MemoryStream Compile(string source)
        {
            GeneratorRun run = GeneratorHarness.Run(source);
            Assert.True(run.Diagnostics.IsEmpty, GeneratorHarness.Describe(run.Diagnostics));
            var problems = GeneratorHarness.Problems(run.Output);
            Assert.True(problems.IsEmpty, GeneratorHarness.Describe(problems));

            var stream = new MemoryStream();
            EmitResult emitted = run.Output.Emit(stream);
            Assert.True(emitted.Success, GeneratorHarness.Describe(emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
            stream.Position = 0;
            return stream;
        }

        public static object? Call(string source, string typeName, string methodName)
        {
            using MemoryStream stream = Compile(source);
            var context = new AssemblyLoadContext("AmberGeneratorTest", isCollectible: true);
            try
            {
                Assembly assembly = context.LoadFromStream(stream);
                Type type = assembly.GetType(typeName, throwOnError: true)!;
                MethodInfo method = type.GetMethod(methodName, BindingFlags.Public | BindingFlags.Static)
                    ?? throw new MissingMethodException(typeName, methodName);
                try
                {
                    return method.Invoke(null, null);
                }
                catch (TargetInvocationException e) when (e.InnerException != null)
                {
                    System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
                    throw;
                }
            }
            finally
            {
                context.Unload();
            }
        }
    }
}
