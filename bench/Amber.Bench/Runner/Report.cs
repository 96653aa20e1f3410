using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>Prints the tables and the summary, and writes the CSV and the SVG chart.</summary>
    public static class Report
    {
        public const string CsvHeader = "workload,serializer,objects,size_bytes,serialize_ns,deserialize_ns,serialize_alloc_bytes,deserialize_alloc_bytes,peak_ws_bytes,verified";

        public static void PrintTables(TextWriter o, IReadOnlyList<ResultRow> rows, IReadOnlyList<Workload> workloads)
        {
            foreach (var group in rows.GroupBy(r => (r.Workload, r.Case, r.Objects)))
            {
                Workload? w = workloads.FirstOrDefault(x => x.Name == group.Key.Workload);
                string title = group.First().Title;
                o.WriteLine();
                o.WriteLine($"## {title} ({group.Key.Objects:N0} object{(group.Key.Objects == 1 ? "" : "s")}){(w != null ? " — " + w.Describe(group.Key.Case) : "")}");
                bool peak = group.Any(r => r.PeakWorkingSetBytes != null);
                o.WriteLine($"{"serializer",-30} {"size (B)",13} {"serialize",17} {"deserialize",17} {"ser alloc",12} {"deser alloc",12}{(peak ? $" {"peak WS",10}" : "")}  verified");
                foreach (ResultRow r in group.OrderBy(r => r.IsBaseline))
                {
                    if (r.IsBaseline)
                    {
                        ResultRow? amber = group.FirstOrDefault(x => x.Serializer == "Amber" && x.Measured);
                        string share = amber?.DeserializeNs is double a && r.DeserializeNs is double b && a > 0
                            ? $"  Amber's deserialize runs at {(b / a * 100).ToString("0", CultureInfo.InvariantCulture)}% of its speed"
                            : "";
                        o.WriteLine($"{r.Serializer,-30} {r.SizeBytes,13:N0} {"-",17} {Time(r.DeserializeNs, r.DeserializeSpread),17} {"-",12} {Bytes(r.DeserializeAllocBytes),12}{(peak ? $" {"-",10}" : "")}{share}");
                        continue;
                    }
                    if (!r.Measured)
                    {
                        o.WriteLine($"{r.Serializer,-30} {r.Note}");
                        continue;
                    }
                    o.WriteLine($"{r.Serializer,-30} {r.SizeBytes,13:N0} {Time(r.SerializeNs, r.SerializeSpread),17} {Time(r.DeserializeNs, r.DeserializeSpread),17} {Bytes(r.SerializeAllocBytes),12} {Bytes(r.DeserializeAllocBytes),12}{(peak ? $" {Bytes(r.PeakWorkingSetBytes),10}" : "")}  {(r.Verified ? "yes" : "NO: " + r.Note)}");
                }
            }
            var notes = new List<string> { TimingNote }.Concat(workloads.SelectMany(w => w.Footnotes)).Concat(Serializers.Peers.Footnotes).ToList();
            if (notes.Count > 0)
            {
                o.WriteLine();
                o.WriteLine("Notes:");
                foreach (string n in notes) o.WriteLine("  * " + n);
            }
        }

        /// <summary>How the times were taken, printed first under the tables.</summary>
        public const string TimingNote =
            "Times: every serializer is checked and warmed up, then timed in 5 interleaved rounds (each takes its turn at serializing and at deserializing, a full GC before each turn, the order rotated every round); "
            + "the figure is the median of all its samples, and ±N% is how far the furthest single round's median lies from it. A slow spell of the machine shows up as spread in the rows it touched.";

        /// <summary>
        /// Amber's ratio to the best peer per column and workload (below 1.00 means Amber is better). Where Amber
        /// keeps shared references (gamestate), the best peer is taken among the peers that keep them too: the
        /// others bring back a different object graph. Then, like for like, Amber ÷ each of those peers, and
        /// Amber ÷ MemoryPack on the save without shared objects (<see cref="HeadToHead"/>); notes say what each line compares.
        /// </summary>
        public static void PrintSummary(TextWriter o, IReadOnlyList<ResultRow> rows)
        {
            o.WriteLine();
            o.WriteLine("## Summary: Amber ÷ best peer (below 1.00: Amber is better; the peer named is the best one; ~ marks a noisy time ratio: on one side the highest round median is over 1.2× the lowest)");
            o.WriteLine($"{"workload",-NameColumn} {"size",-Column} {"serialize",-Column} {"deserialize",-Column} {"ser alloc",-Column} {"deser alloc",-Column}");
            var notes = new List<string>();
            var pairs = new List<(string Label, ResultRow Amber, ResultRow Peer)>();
            foreach (var group in rows.GroupBy(r => (r.Workload, r.Case, r.Objects)))
            {
                ResultRow? amber = group.FirstOrDefault(r => r.Serializer == "Amber" && r.Measured);
                List<ResultRow> peers = group.Where(r => r.Serializer != "Amber" && r.Measured && r.Verified && !r.IsBaseline).ToList();
                if (amber == null || peers.Count == 0) continue;
                string name = group.Key.Objects > 1 ? $"{amber.Title} ({group.Key.Objects:N0})" : amber.Title;
                if (amber.KeepsReferences)
                {
                    // Like with like: a peer without reference tracking returns two objects where the original has one.
                    List<ResultRow> apart = peers.Where(p => !p.KeepsReferences).ToList();
                    peers = peers.Where(p => p.KeepsReferences).ToList();
                    notes.Add($"{group.Key.Workload}: Amber keeps shared references here (AmberOptions.PreserveReferences), so its line takes the best of the peers whose copy keeps them too ({Names(peers)}), "
                        + "and the like-for-like lines \"references kept\" set Amber against each of them, each in the set-up the notes under the tables describe; "
                        + (apart.Count > 0 ? $"{Names(apart)} bring back two equal objects where the original has one (a different graph), and are left out of both." : "no peer was left out."));
                    foreach (ResultRow peer in peers) pairs.Add(($"{group.Key.Workload}, references kept: ÷ {peer.Serializer}", amber, peer));
                    if (peers.Count == 0) continue;
                }
                foreach ((string workload, string peerName, string setUp, _) in HeadToHead)
                {
                    ResultRow? peer = peers.FirstOrDefault(p => p.Serializer == peerName);
                    if (workload != group.Key.Workload || peer == null) continue;
                    pairs.Add(($"{group.Key.Workload}, {setUp}: ÷ {peer.Serializer}", amber, peer));
                }
                o.WriteLine($"{name,-NameColumn} {Ratio(amber, peers, r => r.SizeBytes),-Column} {Ratio(amber, peers, r => r.SerializeNs, r => r.SerializeSpread),-Column} {Ratio(amber, peers, r => r.DeserializeNs, r => r.DeserializeSpread),-Column} {Ratio(amber, peers, r => r.SerializeAllocBytes),-Column} {Ratio(amber, peers, r => r.DeserializeAllocBytes),-Column}");
            }
            if (pairs.Count > 0)
            {
                o.WriteLine();
                o.WriteLine("## Summary, like for like: Amber ÷ one peer that brings back the same object graph (below 1.00: Amber is better; ~ as above)");
                int label = Math.Max(NameColumn, pairs.Max(p => p.Label.Length));
                o.WriteLine($"{"workload, set-up: ÷ peer".PadRight(label)} {"size",-PairColumn} {"serialize",-PairColumn} {"deserialize",-PairColumn} {"ser alloc",-PairColumn} {"deser alloc",-PairColumn}");
                foreach ((string text, ResultRow amber, ResultRow peer) in pairs)
                {
                    var one = new List<ResultRow> { peer };
                    o.WriteLine($"{text.PadRight(label)} {Ratio(amber, one, r => r.SizeBytes, named: false),-PairColumn} {Ratio(amber, one, r => r.SerializeNs, r => r.SerializeSpread, named: false),-PairColumn} {Ratio(amber, one, r => r.DeserializeNs, r => r.DeserializeSpread, named: false),-PairColumn} {Ratio(amber, one, r => r.SerializeAllocBytes, named: false),-PairColumn} {Ratio(amber, one, r => r.DeserializeAllocBytes, named: false),-PairColumn}");
                }
                foreach ((string workload, string peerName, _, string note) in HeadToHead)
                {
                    if (pairs.Any(p => p.Amber.Workload == workload && p.Peer.Serializer == peerName)) notes.Add($"{workload}: {note}");
                }
            }
            PrintAgainst(o, rows, "MemoryPack",
                "MemoryPack in its default mode (the fastest .NET binary serializer, not version tolerant); on gamestate it keeps no shared references and Amber does, so compare gamestate-noshare there");
            if (notes.Count == 0) return;
            o.WriteLine();
            o.WriteLine("Summary notes:");
            foreach (string n in notes) o.WriteLine("  * " + n);
        }

        /// <summary>Amber ÷ one peer on every workload and case where both have a verified row.</summary>
        private static void PrintAgainst(TextWriter o, IReadOnlyList<ResultRow> rows, string peerName, string what)
        {
            var lines = new List<(string Name, ResultRow Amber, ResultRow Peer)>();
            foreach (var group in rows.GroupBy(r => (r.Workload, r.Case, r.Objects)))
            {
                ResultRow? amber = group.FirstOrDefault(r => r.Serializer == "Amber" && r.Measured && r.Verified);
                ResultRow? peer = group.FirstOrDefault(r => r.Serializer == peerName && r.Measured && r.Verified);
                if (amber == null || peer == null) continue;
                lines.Add((group.Key.Objects > 1 ? $"{amber.Title} ({group.Key.Objects:N0})" : amber.Title, amber, peer));
            }
            if (lines.Count == 0) return;
            o.WriteLine();
            o.WriteLine($"## Summary: Amber ÷ {peerName} on every workload (below 1.00: Amber is better; ~ as above): {what}");
            o.WriteLine($"{"workload",-NameColumn} {"size",-PairColumn} {"serialize",-PairColumn} {"deserialize",-PairColumn} {"ser alloc",-PairColumn} {"deser alloc",-PairColumn}");
            foreach ((string name, ResultRow amber, ResultRow peer) in lines)
            {
                var one = new List<ResultRow> { peer };
                o.WriteLine($"{name,-NameColumn} {Ratio(amber, one, r => r.SizeBytes, named: false),-PairColumn} {Ratio(amber, one, r => r.SerializeNs, r => r.SerializeSpread, named: false),-PairColumn} {Ratio(amber, one, r => r.DeserializeNs, r => r.DeserializeSpread, named: false),-PairColumn} {Ratio(amber, one, r => r.SerializeAllocBytes, named: false),-PairColumn} {Ratio(amber, one, r => r.DeserializeAllocBytes, named: false),-PairColumn}");
            }
        }

        /// <summary>
        /// Like-for-like lines printed under the summary besides the reference-keeping peers: a workload, the
        /// peer Amber is set against, the set-up in a few words, and the note that says what the line compares.
        /// </summary>
        private static readonly (string Workload, string Peer, string SetUp, string Note)[] HeadToHead =
        {
            ("gamestate-noshare", "MemoryPack", "default modes",
                "the save with no object reachable twice, Amber in its default mode (no PreserveReferences) ÷ MemoryPack in its default mode (GenerateType.Object, no reference tracking): "
                + "the same object graph in and out; the summary line \"gamestate-noshare\" takes the best of every peer, each in its default mode."),
        };

        private static string Names(IEnumerable<ResultRow> rows) => string.Join(", ", rows.Select(r => r.Serializer));

        private static string Ratio(ResultRow amber, List<ResultRow> peers, Func<ResultRow, double?> column, Func<ResultRow, (double Low, double High)?>? spread = null, bool named = true)
        {
            double? a = column(amber);
            ResultRow? best = peers.Where(p => column(p) != null).OrderBy(p => column(p)).FirstOrDefault();
            if (a == null || best == null) return "-";
            double b = column(best)!.Value;
            string ratio = b == 0 ? (a == 0 ? "1.00" : "inf") : (a.Value / b).ToString("0.00", CultureInfo.InvariantCulture);
            bool noisy = spread != null && (Noisy(spread(amber)) || Noisy(spread(best)));
            return $"{(noisy ? "~" : "")}{ratio}{(named ? $" ({best.Serializer})" : "")}";
        }

        /// <summary>Whether the highest median of a single round is more than 1.2× the lowest.</summary>
        public static bool Noisy((double Low, double High)? spread) => spread is { } s && s.Low > 0 && s.High / s.Low > 1.2;

        /// <summary>Wide enough for a noise mark, a ratio and the longest peer name ("MemoryPack (version tolerant)"), so no name is cut.</summary>
        private const int Column = 38;

        /// <summary>Wide enough for the longest workload title with its object count ("everyday: messages (10,000)").</summary>
        private const int NameColumn = 30;

        /// <summary>A like-for-like ratio has no peer name beside it.</summary>
        private const int PairColumn = 12;

        public static void WriteCsv(string path, IReadOnlyList<ResultRow> rows)
        {
            var sb = new StringBuilder();
            sb.Append(CsvHeader).Append('\n');
            foreach (ResultRow r in rows.Where(r => !r.IsBaseline))
            {
                sb.Append(Csv(r.Title)).Append(',')
                  .Append(Csv(r.Serializer)).Append(',')
                  .Append(r.Objects.ToString(CultureInfo.InvariantCulture)).Append(',')
                  .Append(Num(r.SizeBytes)).Append(',')
                  .Append(Num(r.SerializeNs)).Append(',')
                  .Append(Num(r.DeserializeNs)).Append(',')
                  .Append(Num(r.SerializeAllocBytes)).Append(',')
                  .Append(Num(r.DeserializeAllocBytes)).Append(',')
                  .Append(Num(r.PeakWorkingSetBytes)).Append(',')
                  .Append(r.Verified ? "true" : "false").Append('\n');
            }
            string? dir = Path.GetDirectoryName(Path.GetFullPath(path));
            if (dir != null) Directory.CreateDirectory(dir);
            File.WriteAllText(path, sb.ToString());
        }

        private static string Csv(string s) => s.IndexOfAny(new[] { ',', '"', '\n' }) >= 0 ? "\"" + s.Replace("\"", "\"\"") + "\"" : s;

        private static string Num(long? v) => v?.ToString(CultureInfo.InvariantCulture) ?? "";

        private static string Num(double? v) => v?.ToString("0.#", CultureInfo.InvariantCulture) ?? "";

        /// <summary>
        /// A self-contained SVG: per workload, each measured serializer's serialize time, deserialize
        /// time and size as bars relative to Amber (Amber = 1; a log scale, so 10× slower and 10×
        /// faster are the same length on either side).
        /// </summary>
        public static void WriteSvg(string path, IReadOnlyList<ResultRow> rows)
        {
            var groups = rows.Where(r => r.Measured && !r.IsBaseline).GroupBy(r => (r.Workload, r.Case, r.Objects)).ToList();
            const int left = 230, width = 420, barH = 9, gap = 3;
            string[] metrics = { "serialize", "deserialize", "size" };
            string[] colors = { "#4e79a7", "#f28e2b", "#59a14f" };
            var sb = new StringBuilder();
            int y = 60;
            var body = new StringBuilder();
            double Scale(double ratio) => Math.Log10(Math.Clamp(ratio, 0.01, 100)) / 2.0 * (width / 2.0);
            foreach (var g in groups)
            {
                ResultRow? amber = g.FirstOrDefault(r => r.Serializer == "Amber");
                if (amber == null) continue;
                string title = g.Key.Objects > 1 ? $"{amber.Title} ({g.Key.Objects:N0} objects)" : amber.Title;
                body.Append($"<text x=\"10\" y=\"{y + 12}\" font-weight=\"bold\">{Esc(title)}</text>\n");
                y += 20;
                foreach (ResultRow r in g)
                {
                    body.Append($"<text x=\"20\" y=\"{y + 3 * (barH + gap) / 2 + 3}\">{Esc(r.Serializer)}{(r.Verified ? "" : " (not verified)")}</text>\n");
                    for (int m = 0; m < 3; m++)
                    {
                        double? a = m == 0 ? amber.SerializeNs : m == 1 ? amber.DeserializeNs : amber.SizeBytes;
                        double? v = m == 0 ? r.SerializeNs : m == 1 ? r.DeserializeNs : r.SizeBytes;
                        if (a == null || v == null || a == 0) continue;
                        double ratio = v.Value / a.Value;
                        double len = Scale(ratio);
                        double x0 = left + width / 2.0 + Math.Min(0, len);
                        body.Append($"<rect x=\"{x0:0.#}\" y=\"{y}\" width=\"{Math.Max(1, Math.Abs(len)):0.#}\" height=\"{barH}\" fill=\"{colors[m]}\"><title>{Esc(r.Serializer)} {metrics[m]}: {ratio:0.00}× Amber</title></rect>\n");
                        body.Append($"<text x=\"{left + width + 8}\" y=\"{y + barH - 1}\" font-size=\"9\">{metrics[m]} {ratio:0.00}×</text>\n");
                        y += barH + gap;
                    }
                    y += 6;
                }
                y += 8;
            }
            int height = y + 20;
            sb.Append($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{left + width + 120}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"11\">\n");
            sb.Append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
            sb.Append("<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">Amber comparison suite: each serializer relative to Amber (log scale, 1× = Amber)</text>\n");
            sb.Append($"<text x=\"10\" y=\"38\">bars left of the line: smaller/faster than Amber; right: larger/slower.</text>\n");
            for (int m = 0; m < 3; m++)
                sb.Append($"<rect x=\"{left + 140 * m}\" y=\"44\" width=\"10\" height=\"10\" fill=\"{colors[m]}\"/><text x=\"{left + 14 + 140 * m}\" y=\"53\">{metrics[m]}</text>\n");
            sb.Append($"<line x1=\"{left + width / 2}\" y1=\"58\" x2=\"{left + width / 2}\" y2=\"{height - 10}\" stroke=\"#333\"/>\n");
            foreach (double tick in new[] { 0.01, 0.1, 10, 100 })
            {
                double x = left + width / 2.0 + Scale(tick);
                sb.Append($"<line x1=\"{x:0.#}\" y1=\"58\" x2=\"{x:0.#}\" y2=\"{height - 10}\" stroke=\"#ddd\"/><text x=\"{x - 8:0.#}\" y=\"{height - 2}\" font-size=\"9\">{tick}×</text>\n");
            }
            sb.Append(body);
            sb.Append("</svg>\n");
            File.WriteAllText(path, sb.ToString());
        }

        private static string Esc(string s) => s.Replace("&", "&amp;").Replace("<", "&lt;").Replace(">", "&gt;");

        /// <summary>A median time and its spread: how far the furthest single round's median lies from it, in percent.</summary>
        internal static string Time(double? ns, (double Low, double High)? spread)
        {
            if (ns == null || spread == null || ns.Value <= 0) return Time(ns);
            double away = Math.Max(spread.Value.High - ns.Value, ns.Value - spread.Value.Low) / ns.Value * 100;
            return Time(ns) + " ±" + away.ToString("0", CultureInfo.InvariantCulture) + "%";
        }

        private static string Time(double? ns)
        {
            if (ns == null) return "-";
            double v = ns.Value;
            if (v < 1_000) return v.ToString("0", CultureInfo.InvariantCulture) + " ns";
            if (v < 1_000_000) return (v / 1_000).ToString("0.0", CultureInfo.InvariantCulture) + " µs";
            return (v / 1_000_000).ToString("0.0", CultureInfo.InvariantCulture) + " ms";
        }

        internal static string Bytes(long? b)
        {
            if (b == null) return "-";
            long v = b.Value;
            if (v < 10_000) return v.ToString(CultureInfo.InvariantCulture) + " B";
            if (v < 10_000_000) return (v / 1024.0).ToString("0.0", CultureInfo.InvariantCulture) + " KB";
            return (v / (1024.0 * 1024)).ToString("0.0", CultureInfo.InvariantCulture) + " MB";
        }
    }
}
