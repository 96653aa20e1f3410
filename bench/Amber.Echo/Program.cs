using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Amber.Echo
{
    /// <summary>
    /// <code>dotnet run -c Release --project bench/Amber.Echo -- [--clients N] [--in-flight K] [--seconds S] [--rounds R] [--warmup W] [--serializer NAME,...] [--csv PATH]</code>
    /// </summary>
    public static class Program
    {
        public const string Usage = @"Amber echo harness: a relay server and N clients on 127.0.0.1 (System.Net.Sockets + System.IO.Pipelines)

usage: dotnet run -c Release --project bench/Amber.Echo -- [options]

  --clients N              client connections (default 100)
  --in-flight K            messages each client keeps in flight (default 1000)
  --seconds S              measured seconds per serializer and round (default 5)
  --warmup W               seconds before measuring, per serializer and round (default 1)
  --rounds R               rounds; each runs every serializer once, in a rotating order (default 3),
                           after one untimed pass over them all
  --serializer NAME[,NAME] only these (names as printed, case-insensitive; a NAME that is no serializer's
                           whole name selects every name it begins)
  --csv PATH               one row per serializer: serializer,clients,in_flight,messages,msgs_per_s,bytes_per_msg,alloc_per_msg,p50_us,p99_us,verified
  --help                   this text";

        public static async Task<int> Main(string[] args)
        {
            EchoOptions options;
            try
            {
                options = EchoOptions.Parse(args);
            }
            catch (ArgumentException ex)
            {
                Console.Error.WriteLine(ex.Message);
                return 2;
            }
            if (options.Help)
            {
                Console.WriteLine(Usage);
                return 0;
            }

            Console.WriteLine($"Amber echo harness — {options.Clients} clients × {options.InFlight} in flight, {options.Rounds} round(s) of {options.Seconds:0.#} s per serializer, {Environment.ProcessorCount} cores, .NET {Environment.Version}");
            IReadOnlyList<EchoRow> rows = await EchoBench.RunAsync(options, line => Console.Error.WriteLine(line)).ConfigureAwait(false);
            EchoBench.Print(Console.Out, rows);
            if (options.CsvPath != null)
            {
                EchoBench.WriteCsv(options.CsvPath, rows);
                Console.WriteLine($"wrote {options.CsvPath}");
            }
            return rows.All(r => r.Verified) ? 0 : 1;
        }
    }

    /// <summary>The command line.</summary>
    public sealed class EchoOptions
    {
        public int Clients { get; set; } = 100;
        public int InFlight { get; set; } = 1000;
        public double Seconds { get; set; } = 5;
        public double Warmup { get; set; } = 1;
        public int Rounds { get; set; } = 3;
        public HashSet<string>? Serializers { get; set; }
        public string? CsvPath { get; set; }
        public bool Help { get; private set; }

        public static EchoOptions Parse(string[] args)
        {
            var o = new EchoOptions();
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                switch (a)
                {
                    case "--clients": o.Clients = Positive(args, ref i, a); break;
                    case "--in-flight": o.InFlight = Positive(args, ref i, a); break;
                    case "--rounds": o.Rounds = Positive(args, ref i, a); break;
                    case "--seconds": o.Seconds = ParseSeconds(args, ref i, a, allowZero: false); break;
                    case "--warmup": o.Warmup = ParseSeconds(args, ref i, a, allowZero: true); break;
                    case "--serializer":
                        o.Serializers = new HashSet<string>(Value(args, ref i, a).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries), StringComparer.OrdinalIgnoreCase);
                        break;
                    case "--csv": o.CsvPath = Value(args, ref i, a); break;
                    case "--help": case "-h": o.Help = true; break;
                    default: throw new ArgumentException($"Unknown option '{a}'. Run with --help.");
                }
            }
            return o;
        }

        /// <summary>
        /// Whether the command line selects the serializer <paramref name="name"/>: a whole name selects that serializer
        /// alone ("Amber" is not also "Amber (per connection)"), any other NAME every serializer whose name begins with it.
        /// </summary>
        public bool Wants(string name) => Serializers == null || Serializers.Any(s =>
            string.Equals(name, s, StringComparison.OrdinalIgnoreCase)
            || (name.StartsWith(s, StringComparison.OrdinalIgnoreCase) && !EchoSerializer.All().Any(e => string.Equals(e.Name, s, StringComparison.OrdinalIgnoreCase))));

        private static string Value(string[] args, ref int i, string name) =>
            i + 1 < args.Length ? args[++i] : throw new ArgumentException($"{name} needs a value.");

        private static int Positive(string[] args, ref int i, string name) =>
            int.TryParse(Value(args, ref i, name), NumberStyles.None, CultureInfo.InvariantCulture, out int n) && n > 0 ? n : throw new ArgumentException($"{name} needs a positive whole number.");

        private static double ParseSeconds(string[] args, ref int i, string name, bool allowZero) =>
            double.TryParse(Value(args, ref i, name), NumberStyles.Float, CultureInfo.InvariantCulture, out double s) && (s > 0 || (allowZero && s == 0)) && s < 3600
                ? s : throw new ArgumentException($"{name} needs a number of seconds{(allowZero ? "" : " above 0")}.");
    }

    /// <summary>One serializer's row: every round of it together.</summary>
    public sealed class EchoRow
    {
        public EchoRow(string serializer, IReadOnlyList<EchoResult> rounds)
        {
            Serializer = serializer;
            Rounds = rounds;
            Latency = new LatencyHistogram();
            foreach (EchoResult r in rounds) Latency.Add(r.Latency);
        }

        public string Serializer { get; }
        public IReadOnlyList<EchoResult> Rounds { get; }
        public LatencyHistogram Latency { get; }
        public int Clients => Rounds[0].Clients;
        public int InFlight => Rounds[0].InFlight;
        public long Messages => Rounds.Sum(r => r.Messages);
        /// <summary>The median round's rate.</summary>
        public double MessagesPerSecond => Median(Rounds.Select(r => r.MessagesPerSecond));
        public double Lowest => Rounds.Min(r => r.MessagesPerSecond);
        public double Highest => Rounds.Max(r => r.MessagesPerSecond);
        public int BytesPerMessage => Rounds[0].BytesPerMessage;
        public int FirstMessageBytes => Rounds[0].FirstMessageBytes;
        public double AllocatedPerMessage => Messages > 0 ? (double)Rounds.Sum(r => r.AllocatedBytes) / Messages : 0;
        public bool Verified => Rounds.All(r => r.Verified);
        public string? Failure => Rounds.Select(r => r.Failure).FirstOrDefault(f => f != null);

        private static double Median(IEnumerable<double> values)
        {
            List<double> sorted = values.OrderBy(v => v).ToList();
            return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
        }
    }

    public static class EchoBench
    {
        public static async Task<IReadOnlyList<EchoRow>> RunAsync(EchoOptions options, Action<string> progress)
        {
            List<EchoSerializer> serializers = EchoSerializer.All().Where(s => options.Wants(s.Name)).ToList();
            if (serializers.Count == 0) throw new ArgumentException("--serializer matches none of: " + string.Join(", ", EchoSerializer.All().Select(s => s.Name)));
            var results = serializers.ToDictionary(s => s.Name, _ => new List<EchoResult>());
            // One untimed pass first, so that the sockets', pipes' and every serializer's code is compiled and
            // tiered up before any round: otherwise the first serializer of round 1 pays for it.
            foreach (EchoSerializer serializer in serializers)
            {
                progress($"warming up: {serializer.Name}");
                await EchoRun.RunAsync(serializer, options.Clients, options.InFlight, TimeSpan.FromSeconds(options.Warmup), TimeSpan.FromSeconds(Math.Min(1, options.Seconds))).ConfigureAwait(false);
            }
            for (int round = 0; round < options.Rounds; round++)
            {
                for (int k = 0; k < serializers.Count; k++)
                {
                    EchoSerializer serializer = serializers[(k + round) % serializers.Count];
                    progress($"round {round + 1}/{options.Rounds}: {serializer.Name}");
                    EchoResult result = await EchoRun.RunAsync(serializer, options.Clients, options.InFlight,
                        TimeSpan.FromSeconds(options.Warmup), TimeSpan.FromSeconds(options.Seconds)).ConfigureAwait(false);
                    results[serializer.Name].Add(result);
                    // Each run starts from a collected heap, so one serializer's garbage is not collected on the next one's time.
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                }
            }
            return serializers.Select(s => new EchoRow(s.Name, results[s.Name])).ToList();
        }

        public static void Print(TextWriter o, IReadOnlyList<EchoRow> rows)
        {
            o.WriteLine();
            o.WriteLine("msg/s: echoed messages per second, median round (lowest–highest). B/msg: one message on the wire in one direction (the frame and the 32-byte payload) once the connection is under way. alloc/msg: bytes allocated by the whole process (clients and relay, both directions) per echoed message. p50/p99: round trip, all rounds.");
            o.WriteLine();
            o.WriteLine("| serializer | msg/s | B/msg | alloc/msg | p50 µs | p99 µs | verified |");
            o.WriteLine("|---|---:|---:|---:|---:|---:|---|");
            foreach (EchoRow r in rows)
            {
                o.WriteLine(string.Format(CultureInfo.InvariantCulture, "| {0} | {1:N0} ({2:N0}–{3:N0}) | {4} | {5:N0} | {6:N0} | {7:N0} | {8} |",
                    r.Serializer, r.MessagesPerSecond, r.Lowest, r.Highest, r.BytesPerMessage, r.AllocatedPerMessage,
                    r.Latency.Percentile(0.50), r.Latency.Percentile(0.99), r.Verified ? "yes" : "NO: " + (r.Failure ?? "no message came back")));
            }
            foreach (EchoRow r in rows.Where(r => r.FirstMessageBytes != r.BytesPerMessage))
            {
                o.WriteLine();
                o.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0}: the first message of each connection, each way, is {1} B (it defines the shapes); B/msg is every later message.",
                    r.Serializer, r.FirstMessageBytes));
            }
            EchoRow? hand = rows.FirstOrDefault(r => r.Serializer == "Hand-written static");
            EchoRow? bestPeer = rows.Where(r => !r.Serializer.StartsWith("Amber", StringComparison.Ordinal) && r.Serializer != "Hand-written static").OrderByDescending(r => r.MessagesPerSecond).FirstOrDefault();
            List<EchoRow> ambers = rows.Where(r => r.Serializer.StartsWith("Amber", StringComparison.Ordinal)).ToList();
            if (ambers.Count > 0 && (hand != null || bestPeer != null)) o.WriteLine();
            foreach (EchoRow amber in ambers)
            {
                if (hand != null) o.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0} ÷ hand-written static: {1:0.00}× the throughput", amber.Serializer, amber.MessagesPerSecond / hand.MessagesPerSecond));
                if (bestPeer != null) o.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0} ÷ best library peer ({1}): {2:0.00}× the throughput", amber.Serializer, bestPeer.Serializer, amber.MessagesPerSecond / bestPeer.MessagesPerSecond));
            }
        }

        public static void WriteCsv(string path, IReadOnlyList<EchoRow> rows)
        {
            using var w = new StreamWriter(path);
            w.WriteLine("serializer,clients,in_flight,messages,msgs_per_s,bytes_per_msg,alloc_per_msg,p50_us,p99_us,verified");
            foreach (EchoRow r in rows)
            {
                w.WriteLine(string.Join(",",
                    r.Serializer.Contains(',') ? "\"" + r.Serializer + "\"" : r.Serializer,
                    r.Clients.ToString(CultureInfo.InvariantCulture),
                    r.InFlight.ToString(CultureInfo.InvariantCulture),
                    r.Messages.ToString(CultureInfo.InvariantCulture),
                    r.MessagesPerSecond.ToString("0", CultureInfo.InvariantCulture),
                    r.BytesPerMessage.ToString(CultureInfo.InvariantCulture),
                    r.AllocatedPerMessage.ToString("0.0", CultureInfo.InvariantCulture),
                    r.Latency.Percentile(0.50).ToString("0", CultureInfo.InvariantCulture),
                    r.Latency.Percentile(0.99).ToString("0", CultureInfo.InvariantCulture),
                    r.Verified ? "true" : "false"));
            }
        }
    }
}
