using System;
using System.Buffers;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using Amber.Compression;
using Amber.Inspection;
using Amber.Json;
using Amber.SchemaCheck;
using Amber.Streaming;

namespace Amber.Tool
{
    /// <summary>What a file holds.</summary>
    internal enum DataKind
    {
        /// <summary>One payload (<c>AmberSerializer.Serialize</c>).</summary>
        Payload,

        /// <summary>A chunked stream (<c>AmberStream</c>, <c>AmberSnapshot</c>): "AMBS" and frames.</summary>
        ChunkedStream,

        /// <summary>A captured connection stream: the messages of an <c>AmberMessageWriter</c>, one after another.</summary>
        Connection,
    }

    /// <summary>
    /// The <c>amber</c> command: <c>dump</c>, <c>verify</c> and <c>stats</c> of Amber payloads, chunked streams and captured
    /// connection streams, and <c>schema</c>, the machine-readable schema of a model's types (docs/schema.md).
    /// Exit codes: 0 success, 1 bad or damaged input (or a file that cannot be read), 2 a wrong command line.
    /// </summary>
    public static class AmberTool
    {
        /// <summary>Success.</summary>
        public const int Ok = 0;

        /// <summary>The input is not valid Amber data, is damaged, or cannot be read.</summary>
        public const int BadInput = 1;

        /// <summary>The command line is wrong: unknown command or option, missing argument, type not found.</summary>
        public const int Usage = 2;

        /// <summary>Files at least this big show progress on a terminal's stderr.</summary>
        public const long ProgressThreshold = 8L << 20;

        private const string UsageText = """
            amber: look inside Amber payloads, chunked streams (AmberStream, AmberSnapshot files)
                   and captured connection streams (the messages of an AmberMessageWriter, one after another)

            usage:
              amber dump FILE [--type T --assembly PATH] [--output OUT.json]
                  the data as JSON; a stream frame by frame with each frame's compression, sizes and checksum;
                  a connection message by message, each with the shapes of the messages before it
              amber verify FILE [--type T --assembly PATH]
                  checks a stream's frames, checksums and totals, a connection's messages in order
                  (or that a payload reads cleanly); prints a summary, or the first damaged frame
                  or message and its byte offset
              amber stats FILE [--type T --assembly PATH]
                  objects and bytes per type (over all the frames or messages)
              amber schema --assembly PATH [--type T] [--output OUT.json]
                  the schema of the assembly's types (or of T), and of the types their members name, as JSON:
                  names, type tags, members in wire order with keys, wire types and encodings (docs/schema.md)
              amber schema check --baseline FILE|DIR --assembly PATH [--mode backward|forward|full] [--transitive]
                                 [--format text|json] [--accept RULE[:Type[.Member]]] [--output OUT]
                  checks the assembly's types against a released baseline schema (or a folder of them) and
                  reports every change by rule; exit code 1 when one breaks old data or old readers
                  (docs/versioning.md, "Checking a change before you ship it")

            options:
              -t, --type T          read the data as type T (its full name, or a short name only one type has)
              -a, --assembly PATH   the .dll with your model and its Amber generated code (repeatable);
                                    without --type it names the types of polymorphic and object values
              -o, --output OUT      dump, schema: write the JSON (schema check: the report) to OUT instead of stdout
                  --baseline PATH   schema check: a baseline schema file, or a folder of them (repeatable)
                  --current FILE    schema check: check this schema file instead of the assembly's types
                  --mode M          schema check: backward (this build reads old data; the default),
                                    forward (old code reads this build's data) or full (both)
                  --transitive      schema check: against every baseline given, not only the newest
                  --format F        schema check: text (the default) or json
                  --accept RULE     schema check: report a breaking change as accepted, not failing
                                    (RULE, RULE:Type or RULE:Type.Member; repeatable)
                  --progress        show progress on stderr (otherwise shown on a terminal for files of 8 MiB or more)
              -h, --help            this help

            Without --type, the data is shown by member keys and wire types. LZ4 and Brotli frames are read.
            A file is a connection stream when it begins with a whole message of version 3 (a connection's
            first message); with --type, every message of it is read as T.
            exit codes: 0 success, 1 bad or damaged input (schema check: a breaking change), 2 wrong command line
            """;

        private static readonly JsonWriterOptions s_json = new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

        private static readonly AmberInspectorOptions s_inspector = new AmberInspectorOptions { Compressors = new AmberCompressor[] { AmberLz4.Default, AmberBrotli.Default } };

        /// <summary>Runs the tool on the console.</summary>
        public static int Main(string[] args)
        {
            var stdout = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false), 1 << 16);
            try
            {
                return Run(args, stdout, Console.Error, !Console.IsErrorRedirected);
            }
            finally
            {
                try
                {
                    stdout.Flush();
                }
                catch (IOException)
                {
                    // stdout closed early (amber dump FILE | head): nothing more to say.
                }
            }
        }

        /// <summary>Runs the tool with <paramref name="args"/>, writing results to <paramref name="stdout"/> and messages and progress to <paramref name="stderr"/>.</summary>
        /// <param name="args">The command line, without the program name.</param>
        /// <param name="stdout">Where results go (JSON, summaries, tables).</param>
        /// <param name="stderr">Where errors and progress go.</param>
        /// <param name="stderrIsTerminal">Whether <paramref name="stderr"/> is a terminal: then progress is shown for big files.</param>
        /// <returns>The exit code: <see cref="Ok"/>, <see cref="BadInput"/> or <see cref="Usage"/>.</returns>
        public static int Run(string[] args, TextWriter stdout, TextWriter stderr, bool stderrIsTerminal = false)
        {
            if (args == null) throw new ArgumentNullException(nameof(args));
            if (args.Length == 0)
            {
                stderr.WriteLine(UsageText);
                return Usage;
            }
            ToolArguments parsed;
            try
            {
                parsed = ToolArguments.Parse(args);
            }
            catch (UsageException ex)
            {
                return UsageError(stderr, ex.Message);
            }
            if (parsed.Command == "help")
            {
                stdout.WriteLine(UsageText);
                return Ok;
            }
            if (parsed.Command == "version")
            {
                stdout.WriteLine(typeof(AmberTool).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "?");
                return Ok;
            }

            string file = parsed.Command is "schema" or "schema-check" ? string.Join(", ", parsed.Assemblies) : parsed.File;
            try
            {
                var run = new ToolRun(parsed, stdout, stderr, stderrIsTerminal);
                return parsed.Command switch
                {
                    "dump" => run.Dump(),
                    "verify" => run.Verify(),
                    "schema" => run.Schema(),
                    "schema-check" => run.SchemaCheck(),
                    _ => run.Stats(),
                };
            }
            catch (UsageException ex)
            {
                return UsageError(stderr, ex.Message);
            }
            catch (AmberException ex)
            {
                stderr.WriteLine($"amber: {file}: {ex.Message}");
                return BadInput;
            }
            catch (Exception ex) when (ex is FileNotFoundException or DirectoryNotFoundException)
            {
                stderr.WriteLine($"amber: {ex.Message}");
                return BadInput;
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                stderr.WriteLine($"amber: {file}: cannot read or write: {ex.Message}");
                return BadInput;
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // A bug of amber's, not the user's: still one line, with what to send.
                stderr.WriteLine($"amber: {file}: unexpected {ex.GetType().Name}: {ex.Message} (this is a bug in amber; please report it with the file)");
                return BadInput;
            }
        }

        private static int UsageError(TextWriter stderr, string message)
        {
            stderr.WriteLine("amber: " + message);
            stderr.WriteLine("Run 'amber --help' for usage.");
            return Usage;
        }

        /// <summary>One command on one file.</summary>
        private sealed class ToolRun
        {
            private readonly ToolArguments _args;
            private readonly TextWriter _stdout;
            private readonly TextWriter _stderr;
            private readonly bool _terminal;
            private readonly Type? _type;
            private readonly List<Assembly> _assemblies;

            public ToolRun(ToolArguments args, TextWriter stdout, TextWriter stderr, bool terminal)
            {
                _args = args;
                _stdout = stdout;
                _stderr = stderr;
                _terminal = terminal;
                _assemblies = ModelLoader.Load(args.Assemblies);
                if (args.TypeName != null) _type = ModelLoader.FindType(args.TypeName, _assemblies);
            }

            private string File => _args.File;

            public int Dump()
            {
                using FileStream input = Open(out DataKind kind);
                if (kind == DataKind.Connection)
                {
                    AmberConnectionReport connection;
                    using (Stream output = OpenOutput())
                    {
                        PercentProgress? progress = Progress(input.Length);
                        using (var writer = new Utf8JsonWriter(output, s_json)) connection = AmberInspector.ConnectionToJson(input, writer, _type, s_inspector.Serializer, progress);
                        progress?.Done();
                        output.Write("\n"u8);
                    }
                    if (connection.Error == null) return Ok;
                    _stderr.WriteLine($"amber: {File}: {connection.Error.Message}");
                    return BadInput;
                }
                if (kind == DataKind.Payload)
                {
                    // A payload is one span: rendered whole before anything is written, so a bad payload leaves no half JSON.
                    byte[] payload = ReadAll(input);
                    var json = new ArrayBufferWriter<byte>();
                    using (var writer = new Utf8JsonWriter(json, s_json)) AmberJson.ToJson(payload, _type, writer, s_inspector.Serializer);
                    using Stream output = OpenOutput();
                    output.Write(json.WrittenSpan);
                    output.Write("\n"u8);
                    return Ok;
                }

                AmberStreamReport report;
                using (Stream output = OpenOutput())
                {
                    PercentProgress? progress = Progress(input.Length);
                    using (var writer = new Utf8JsonWriter(output, s_json)) report = AmberInspector.StreamToJson(input, writer, _type, s_inspector, progress);
                    progress?.Done();
                    output.Write("\n"u8);
                }
                if (report.Error == null) return Ok;
                _stderr.WriteLine($"amber: {File}: {report.Error.Message}");
                return BadInput;
            }

            /// <summary>The schema of the --type, or of every type of the --assembly files that has generated code.</summary>
            public int Schema()
            {
                List<Type> all = _assemblies.SelectMany(ModelLoader.Types).Where(AmberKnownTypes.IsKnown).ToList();
                if (_type == null && all.Count == 0)
                    throw new AmberException($"no type in {string.Join(", ", _assemblies.Select(a => Path.GetFileName(a.Location)))} has Amber generated code", 0,
                        "Give the assembly the model is compiled into, with the Amber package (its generator) referenced, and serialize the types there.");
                string schema = AmberInspector.GetSchema(_type != null ? new[] { _type } : all);
                // An object member may hold any type the assemblies registered: those join, so a reader finds every tag the
                // type's payloads can carry. A polymorphic member names its declared base, whose registered subtypes are listed already.
                if (_type != null && HoldsAnyType(schema)) schema = AmberInspector.GetSchema(all.Prepend(_type));
                byte[] utf8 = new UTF8Encoding(false).GetBytes(schema + "\n");
                using Stream output = OpenOutput();
                output.Write(utf8);
                return Ok;
            }

            /// <summary>
            /// <c>amber schema check</c>: this build's schema (of the --assembly files, or --current) against the --baseline
            /// files, by the rules of docs/versioning.md. Exit code 0 when compatible, 1 with a breaking change, 2 for a
            /// baseline that is not a schema document.
            /// </summary>
            public int SchemaCheck()
            {
                var baselines = new List<SchemaDocument>();
                foreach (string path in BaselineFiles(_args.Baselines))
                    baselines.Add(ReadSchema(path, Path.GetFileName(path)));
                SchemaDocument current;
                if (_args.Current != null)
                {
                    current = ReadSchema(_args.Current, "this build");
                }
                else
                {
                    List<Type> all = _assemblies.SelectMany(ModelLoader.Types).Where(AmberKnownTypes.IsKnown).ToList();
                    if (all.Count == 0)
                        throw new UsageException($"no type in {string.Join(", ", _assemblies.Select(a => Path.GetFileName(a.Location)))} has Amber generated code; give the assembly the model is compiled into");
                    current = SchemaDocument.Parse(AmberInspector.GetSchema(all), "this build");
                }
                SchemaCheckMode mode = _args.Mode switch
                {
                    "forward" => SchemaCheckMode.Forward,
                    "full" => SchemaCheckMode.Full,
                    _ => SchemaCheckMode.Backward,
                };
                SchemaCheckRun run = SchemaCheckRun.Check(baselines, current, mode, _args.Transitive, _args.Accept);
                string report = _args.Format == "json" ? run.ToJson() : run.ToText();
                using (Stream output = OpenOutput()) output.Write(new UTF8Encoding(false).GetBytes(report));
                return run.Compatible ? Ok : BadInput;
            }

            /// <summary>The baseline files: each file given, and the .json files of each folder given, oldest (by version in the name) first.</summary>
            private static List<string> BaselineFiles(List<string> given)
            {
                var files = new List<string>();
                foreach (string path in given)
                {
                    if (Directory.Exists(path))
                    {
                        var inFolder = Directory.GetFiles(path, "*.json").ToList();
                        if (inFolder.Count == 0) throw new UsageException($"--baseline {path}: the folder has no .json schema files");
                        inFolder.Sort((a, b) => SchemaCheckRun.CompareVersions(Path.GetFileName(a), Path.GetFileName(b)));
                        files.AddRange(inFolder);
                    }
                    else if (System.IO.File.Exists(path))
                    {
                        files.Add(path);
                    }
                    else
                    {
                        throw new UsageException($"--baseline {path}: no such file or folder");
                    }
                }
                return files;
            }

            private static SchemaDocument ReadSchema(string path, string label)
            {
                if (!System.IO.File.Exists(path)) throw new UsageException($"{path}: no such file");
                try
                {
                    return SchemaDocument.Parse(System.IO.File.ReadAllText(path), label);
                }
                catch (FormatException ex)
                {
                    throw new UsageException($"{path}: {ex.Message}");
                }
            }

            /// <summary>Whether a member of the schema's types is declared <c>object</c> (docs/schema.md).</summary>
            private static bool HoldsAnyType(string schema)
            {
                using JsonDocument doc = JsonDocument.Parse(schema);
                return Holds(doc.RootElement);

                static bool Holds(JsonElement e)
                {
                    if (e.ValueKind == JsonValueKind.Array) return e.EnumerateArray().Any(Holds);
                    if (e.ValueKind != JsonValueKind.Object) return false;
                    return e.EnumerateObject().Any(p => p.Name is "dynamic" || Holds(p.Value));
                }
            }

            public int Verify()
            {
                using FileStream input = Open(out DataKind kind);
                if (kind == DataKind.Connection) return VerifyConnection(input);
                if (kind == DataKind.Payload)
                {
                    byte[] payload = ReadAll(input);
                    try
                    {
                        AmberPayloadStats stats = AmberInspector.GetStats(payload, _type, s_inspector.Serializer);
                        _stdout.WriteLine($"{File}: payload{As()}, OK: {payload.Length} bytes, {stats.Types.Sum(t => t.Count)} object(s) of {stats.Types.Count(t => t.Count > 0)} type(s)");
                        return Ok;
                    }
                    catch (AmberException ex)
                    {
                        _stdout.WriteLine($"{File}: payload{As()}, INVALID");
                        _stdout.WriteLine($"  error   {ex.Message}");
                        return BadInput;
                    }
                }

                PercentProgress? progress = Progress(input.Length);
                AmberStreamReport report = AmberInspector.VerifyStream(input, _type, s_inspector, progress);
                progress?.Done();
                string compressions = report.Frames.Count == 0 ? "none" : string.Join(", ", report.Frames.Select(f => f.Compression).Distinct());
                if (report.Error == null)
                {
                    _stdout.WriteLine($"{File}: chunked stream{As()}, OK");
                    _stdout.WriteLine($"  frames  {report.Frames.Count} (compression: {compressions}), end frame at byte {report.EndOffset}, totals and checksums match");
                    _stdout.WriteLine($"  items   {report.Items}");
                    _stdout.WriteLine($"  bytes   {report.StreamBytes} in the file, {report.RawBytes} of frame bodies after decompression");
                    return Ok;
                }
                _stdout.WriteLine($"{File}: chunked stream{As()}, DAMAGED");
                _stdout.WriteLine($"  good    {report.Frames.Count} frame(s) (compression: {compressions}), {report.Items} item(s), before byte {GoodUpTo(report)}");
                _stdout.WriteLine($"  error   {report.Error.Message}");
                return BadInput;
            }

            private int VerifyConnection(FileStream input)
            {
                PercentProgress? progress = Progress(input.Length);
                AmberConnectionReport report = AmberInspector.VerifyConnection(input, _type, s_inspector.Serializer, progress);
                progress?.Done();
                if (report.Error == null)
                {
                    _stdout.WriteLine($"{File}: connection stream{As()}, OK");
                    _stdout.WriteLine($"  messages  {report.Messages.Count} ({report.FirstMessages} first message(s)), end at byte {report.StreamBytes}");
                    _stdout.WriteLine($"  bytes     {report.StreamBytes} in the file, {report.PayloadBytes} of payloads");
                    _stdout.WriteLine($"  shapes    {report.Messages.Sum(m => (long)m.Definitions)} defined, {report.Shapes} held after the last message");
                    return Ok;
                }
                _stdout.WriteLine($"{File}: connection stream{As()}, DAMAGED");
                _stdout.WriteLine($"  good    {report.Messages.Count} message(s), before byte {report.StreamBytes}");
                _stdout.WriteLine($"  error   {report.Error.Message}");
                return BadInput;
            }

            public int Stats()
            {
                using FileStream input = Open(out DataKind kind);
                AmberPayloadStats stats;
                string what;
                if (kind == DataKind.Payload)
                {
                    stats = AmberInspector.GetStats(ReadAll(input), _type, s_inspector.Serializer);
                    what = $"payload{As()}, {stats.TotalBytes} bytes";
                }
                else if (kind == DataKind.Connection)
                {
                    PercentProgress? progress = Progress(input.Length);
                    try
                    {
                        stats = AmberInspector.GetConnectionStats(input, _type, s_inspector.Serializer, progress);
                    }
                    finally
                    {
                        progress?.Done();
                    }
                    what = $"connection stream{As()}, {stats.Items} message(s), {stats.TotalBytes} bytes";
                }
                else
                {
                    PercentProgress? progress = Progress(input.Length);
                    try
                    {
                        stats = AmberInspector.GetStreamStats(input, _type, s_inspector, progress);
                    }
                    finally
                    {
                        progress?.Done();
                    }
                    what = $"chunked stream{As()}, {stats.Items} item(s), {stats.TotalBytes} bytes of frame bodies after decompression";
                }
                _stdout.WriteLine($"{File}: {what}");
                WriteTable(stats);
                return Ok;
            }

            private void WriteTable(AmberPayloadStats stats)
            {
                int width = Math.Min(60, Math.Max("type".Length, stats.Types.Select(t => t.TypeName.Length).DefaultIfEmpty(0).Max()));
                string Row(string type, string count, string bytes, string share, string members) =>
                    type.PadRight(width) + "  " + count.PadLeft(10) + "  " + bytes.PadLeft(12) + "  " + share.PadLeft(6) + "  " + members.PadLeft(10);
                string Share(long bytes) => stats.TotalBytes == 0 ? "-" : (100.0 * bytes / stats.TotalBytes).ToString("0.0", CultureInfo.InvariantCulture) + "%";
                _stdout.WriteLine(Row("type", "objects", "bytes", "share", "members"));
                foreach (AmberTypeStats t in stats.Types)
                {
                    string name = t.TypeName.Length > width ? string.Concat(t.TypeName.AsSpan(0, width - 1), "…") : t.TypeName;
                    _stdout.WriteLine(Row(name, N(t.Count), N(t.Bytes), Share(t.Bytes), N(t.Members)));
                }
                _stdout.WriteLine(Row("total", N(stats.Types.Sum(t => t.Count)), N(stats.TotalBytes), Share(stats.TotalBytes), N(stats.Types.Sum(t => t.Members))));
            }

            private static string N(long n) => n.ToString(CultureInfo.InvariantCulture);

            private static long GoodUpTo(AmberStreamReport report) =>
                report.Frames.Count == 0 ? 5 : report.Frames[^1].Offset + 17 + report.Frames[^1].StoredBytes;

            private string As() => _type == null ? "" : " of " + _type.FullName;

            /// <summary>
            /// Opens the input and tells a chunked stream ("AMBS") and a connection stream (a whole first message of version 3)
            /// from a payload; an empty file is bad input.
            /// </summary>
            private FileStream Open(out DataKind kind)
            {
                FileStream input;
                try
                {
                    input = new FileStream(File, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16);
                }
                catch (Exception ex) when (ex is FileNotFoundException or DirectoryNotFoundException)
                {
                    throw new FileNotFoundException($"{File}: no such file");
                }
                if (input.Length == 0)
                {
                    input.Dispose();
                    throw new AmberException("the file is empty, so it holds no Amber data", 0, "Check that it was written completely, or give the right file.");
                }
                Span<byte> start = stackalloc byte[4];
                int n = input.ReadAtLeast(start, 4, throwOnEndOfStream: false);
                input.Position = 0;
                kind = AmberInspector.IsChunkedStream(start.Slice(0, n)) ? DataKind.ChunkedStream
                    : AmberInspector.IsConnectionStream(input) ? DataKind.Connection
                    : DataKind.Payload;
                return input;
            }

            private static byte[] ReadAll(FileStream input)
            {
                var bytes = new byte[input.Length];
                input.ReadExactly(bytes);
                return bytes;
            }

            private Stream OpenOutput() => _args.Output == null
                ? new TextWriterStream(_stdout)
                : new FileStream(_args.Output, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16);

            private PercentProgress? Progress(long length) =>
                _args.Progress || (_terminal && length >= ProgressThreshold) ? new PercentProgress(_stderr, length, _terminal) : null;
        }
    }
}
