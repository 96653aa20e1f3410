using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using Amber.Inspection;
using Amber.Json;

namespace Amber.Interop
{
    /// <summary>
    /// The interop tool's commands (tests/interop/README.md): <c>write &lt;dir&gt;</c> writes the schema, every case's
    /// .NET payload, the case list and the expected values as JSON; <c>check &lt;dir&gt; &lt;subdir&gt;</c> reads the
    /// payloads another implementation wrote and compares each with its case's expected value.
    /// </summary>
    public static class InteropTool
    {
        /// <summary>Exit code: every case read and equal.</summary>
        public const int Ok = 0;

        /// <summary>Exit code: a case differs, failed to read or is missing.</summary>
        public const int Failed = 1;

        /// <summary>Exit code: the command line is wrong.</summary>
        public const int Usage = 2;

        /// <summary>The subdirectory of the .NET payloads.</summary>
        public const string DotnetDir = "dotnet";

        /// <summary>Runs a command line; returns its exit code.</summary>
        /// <param name="args">The command and its arguments.</param>
        /// <param name="stdout">Where results go.</param>
        /// <param name="stderr">Where usage errors go.</param>
        public static int Run(string[] args, TextWriter stdout, TextWriter stderr)
        {
            if (args.Length >= 2 && args[0] == "write" && args.Length == 2)
            {
                Write(args[1], stdout);
                return Ok;
            }
            if (args.Length >= 3 && args[0] == "check")
            {
                bool allowMissing = args.Skip(3).Contains("--allow-missing");
                string[] unknown = args.Skip(3).Where(a => a != "--allow-missing").ToArray();
                if (unknown.Length == 0) return Check(args[1], args[2], allowMissing, stdout);
                stderr.WriteLine($"check: unknown option '{unknown[0]}'");
                return Usage;
            }
            stderr.WriteLine("usage: Amber.Interop write <dir>");
            stderr.WriteLine("       Amber.Interop check <dir> <subdir> [--allow-missing]");
            return Usage;
        }

        /// <summary>
        /// Writes <c>schema.json</c>, <c>cases.json</c>, <c>dotnet/&lt;case&gt;.amb</c> and <c>expected/&lt;case&gt;.json</c>
        /// under <paramref name="dir"/>.
        /// </summary>
        public static void Write(string dir, TextWriter stdout)
        {
            Directory.CreateDirectory(Path.Combine(dir, DotnetDir));
            Directory.CreateDirectory(Path.Combine(dir, "expected"));
            var utf8 = new UTF8Encoding(false);
            File.WriteAllText(Path.Combine(dir, "schema.json"), AmberInspector.GetSchema(Cases.SchemaTypes()) + "\n", utf8);
            foreach (InteropCase c in Cases.All)
            {
                byte[] payload = c.WrittenAs == null ? Serialize(c.Expected(), c.Type, c.Options) : Serialize(c.Written!(), c.WrittenAs, c.Options);
                File.WriteAllBytes(Path.Combine(dir, DotnetDir, c.Name + ".amb"), payload);
                // The expected value's own payload, viewed: for a case written from another version, its value as the case's type.
                byte[] expected = c.WrittenAs == null ? payload : Serialize(c.Expected(), c.Type, c.Options);
                File.WriteAllText(Path.Combine(dir, "expected", c.Name + ".json"), AmberJson.ToJson(expected, c.Type, c.Options) + "\n", utf8);
            }
            File.WriteAllText(Path.Combine(dir, "cases.json"), CasesJson(), utf8);
            stdout.WriteLine($"{Cases.All.Count} cases written to {dir}");
        }

        /// <summary>The case list: <c>[{"name","type","referenceMode"[,"writtenAs"]}]</c>, in case order.</summary>
        public static string CasesJson()
        {
            var buffer = new MemoryStream();
            using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
            {
                json.WriteStartArray();
                foreach (InteropCase c in Cases.All)
                {
                    json.WriteStartObject();
                    json.WriteString("name", c.Name);
                    json.WriteString("type", c.TypeName);
                    json.WriteBoolean("referenceMode", c.ReferenceMode);
                    if (c.WrittenAsName != null) json.WriteString("writtenAs", c.WrittenAsName);
                    json.WriteEndObject();
                }
                json.WriteEndArray();
            }
            return Encoding.UTF8.GetString(buffer.ToArray()).Replace("\r\n", "\n") + "\n";
        }

        /// <summary>
        /// Reads every <c>&lt;dir&gt;/&lt;subdir&gt;/&lt;case&gt;.amb</c> as its case's type and compares it with the
        /// expected value; prints a line per case and the total; returns <see cref="Ok"/> when every case was read and equal
        /// (missing cases allowed with <paramref name="allowMissing"/>).
        /// </summary>
        public static int Check(string dir, string subdir, bool allowMissing, TextWriter stdout)
        {
            string folder = Path.Combine(dir, subdir);
            int read = 0, equal = 0, missing = 0;
            foreach (InteropCase c in Cases.All)
            {
                string file = Path.Combine(folder, c.Name + ".amb");
                if (!File.Exists(file))
                {
                    missing++;
                    stdout.WriteLine($"missing {c.Name}");
                    continue;
                }
                read++;
                string? problem = CheckOne(c, File.ReadAllBytes(file));
                if (problem == null)
                {
                    equal++;
                    stdout.WriteLine($"equal   {c.Name}");
                }
                else
                {
                    stdout.WriteLine($"DIFFERS {c.Name}: {problem}");
                }
            }
            if (Directory.Exists(folder))
            {
                var names = new HashSet<string>(Cases.All.Select(c => c.Name + ".amb"));
                foreach (string extra in Directory.EnumerateFiles(folder).Select(f => Path.GetFileName(f)).Where(n => !names.Contains(n)).OrderBy(n => n, StringComparer.Ordinal))
                {
                    stdout.WriteLine($"ignored {extra}: no case of that name");
                }
            }
            stdout.WriteLine($"{read} cases read from {subdir}, {equal} equal" + (missing > 0 ? $", {missing} missing" : ""));
            return equal == read && (missing == 0 || allowMissing) ? Ok : Failed;
        }

        /// <summary>Reads <paramref name="payload"/> as the case's type and compares it: null when equal, else what differs.</summary>
        public static string? CheckOne(InteropCase c, byte[] payload)
        {
            object? actual;
            try
            {
                actual = AmberSerializer.Deserialize(payload, c.Type, c.Options);
            }
            catch (AmberException ex)
            {
                return "the payload does not read: " + ex.Message;
            }
            return InteropComparer.Compare(c.Expected(), actual, InteropComparer.TypeName(c.Type), c.ReferenceMode);
        }

        /// <summary>The payload of <paramref name="value"/> as <paramref name="type"/>.</summary>
        public static byte[] Serialize(object? value, Type type, AmberOptions options)
        {
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            AmberSerializer.Serialize(buffer, value, type, options);
            return buffer.WrittenSpan.ToArray();
        }
    }
}
