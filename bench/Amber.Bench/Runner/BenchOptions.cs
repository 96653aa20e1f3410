using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>The command line.</summary>
    public sealed class BenchOptions
    {
        /// <summary>The O(N) bookshelf sweep and 50,000 sportevents; implies <see cref="Long"/>.</summary>
        public bool Full { get; private set; }

        /// <summary>Long timing rounds, then the Stream entry points, one connection's messages and the snapshot file.</summary>
        public bool Long { get; private set; }

        public bool Tiny { get; private set; }
        public bool Help { get; private set; }
        public HashSet<string>? Workloads { get; private set; }
        public HashSet<string>? Serializers { get; private set; }
        public HashSet<string>? StreamWorkloads { get; private set; }
        public string? CsvPath { get; private set; }

        /// <summary>Where <c>--payload-hashes</c> writes each row's payload hash instead of timing anything; null without it.</summary>
        public string? PayloadHashesPath { get; private set; }
        public bool ColdStart { get; private set; }
        public int Runs { get; private set; } = 10;

        public const string Usage = @"Amber comparison suite: Amber side by side with the serializers a user would pick instead.

usage: dotnet run -c Release --project bench/Amber.Bench -- [options]

  (no option)              quick mode: all the workloads, every serializer, the tables, the summary, and the CSV and
                           chart in bench/results/ (about 4.5 minutes on 2 cores, build included)
  --long                   longer rounds and sportevents' peak working set, then the binary serializers' Stream entry
                           points, the envelope's messages on one connection and the sportevents snapshot file
  --full                   --long, and also the O(N) bookshelf sweep (N = 1 … 1,000,000) and 50,000 sportevents
  --workload NAME[,NAME]   only these workloads (envelope, bookshelf, sportevents, gamestate, gamestate-noshare,
                           bootpayload, vector3, everyday)
  --serializer NAME[,NAME] only these serializers (names as printed; case-insensitive; Amber is always measured)
  --stream-workloads NAME[,NAME]
                           the workloads whose Stream entry points are measured after the tables (default: bookshelf;
                           none: no such table); each runs only if --workload selects it too
  --csv PATH               write one row per workload × serializer to PATH, and the chart beside it (PATH.svg);
                           default: bench/results/comparison.csv under the current folder
  --payload-hashes PATH    instead of the tables: each selected row's payload written once, and a line per row with
                           its size and SHA-256 in PATH (diff two such files to see whether a change moved any byte)
  --coldstart              instead of the tables: the gamestate save loaded in fresh processes, each serializer
                           built alone, JIT and NativeAOT (needs clang: tests/package/aot.sh installs it)
  --runs N                 fresh processes per coldstart row (default 10)
  --tiny                   tiny data and few samples (for the test suite; figures are meaningless)
  --help                   this text";

        public static BenchOptions Parse(string[] args)
        {
            var o = new BenchOptions();
            for (int i = 0; i < args.Length; i++)
            {
                string a = args[i];
                switch (a)
                {
                    case "--full": o.Full = true; o.Long = true; break;
                    case "--long": o.Long = true; break;
                    case "--tiny": o.Tiny = true; break;
                    case "--help": case "-h": case "-?": o.Help = true; break;
                    case "--workload": o.Workloads = List(args, ref i, a); break;
                    case "--serializer": o.Serializers = List(args, ref i, a); break;
                    case "--stream-workloads": o.StreamWorkloads = List(args, ref i, a); break;
                    case "--csv": o.CsvPath = Value(args, ref i, a); break;
                    case "--payload-hashes": o.PayloadHashesPath = Value(args, ref i, a); break;
                    case "--coldstart": o.ColdStart = true; break;
                    case "--runs":
                        o.Runs = int.TryParse(Value(args, ref i, a), out int runs) && runs > 0 ? runs : throw new ArgumentException("--runs needs a positive number.");
                        break;
                    default: throw new ArgumentException($"Unknown option '{a}'. Run with --help.");
                }
            }
            return o;
        }

        private static string Value(string[] args, ref int i, string name)
        {
            if (i + 1 >= args.Length) throw new ArgumentException($"{name} needs a value.");
            return args[++i];
        }

        private static HashSet<string> List(string[] args, ref int i, string name) =>
            new HashSet<string>(Value(args, ref i, name).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries), StringComparer.OrdinalIgnoreCase);

        /// <summary>The name of the mode, as the first line of the run prints it.</summary>
        public string Mode => Tiny ? "tiny" : Full ? "full" : Long ? "long" : "quick";

        /// <summary>The data size of the mode.</summary>
        public BenchScale Scale => Tiny ? BenchScale.Tiny : Full ? BenchScale.Full : BenchScale.Quick;

        /// <summary>
        /// A measurer with this mode's timing: quick mode gives each serializer's operation 350 ms over three interleaved
        /// rounds after a 200 ms warm-up (600 ms for the process's first table: code run first in a fresh process waits
        /// longer for tiered compilation, and an envelope read warmed 200 ms measured ten times its steady time); long and
        /// full mode 1.2 s (2.5 s for 100,000 objects or more) over five rounds after 500 ms. Every table (the main ones
        /// and the probes) times with the same settings.
        /// </summary>
        public Measurer CreateMeasurer(long objects, Action<string> progress, bool measurePeakWorkingSet)
        {
            bool first = Interlocked.Exchange(ref _measurersMade, 1) == 0;
            if (Tiny) return new Measurer(TimeSpan.FromMilliseconds(5), 1, 2, TimeSpan.Zero, progress, measurePeakWorkingSet);
            if (!Long) return new Measurer(TimeSpan.FromMilliseconds(350), 3, 2000, TimeSpan.FromMilliseconds(first ? 600 : 200), progress, measurePeakWorkingSet);
            return new Measurer(TimeSpan.FromMilliseconds(objects >= 100_000 ? 2500 : 1200), 5, 2000, TimeSpan.FromMilliseconds(500), progress, measurePeakWorkingSet);
        }

        /// <summary>1 once the process has made a measurer.</summary>
        private static int _measurersMade;

        public bool WantsSerializer(string name) =>
            Serializers == null || name == "Amber" || Serializers.Contains(name) || Serializers.Any(s => name.StartsWith(s, StringComparison.OrdinalIgnoreCase));
    }
}
