using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Amber.SchemaCheck
{
    /// <summary>
    /// One check of this build's schema against released baselines: in backward, forward or full mode, against the newest
    /// baseline or (transitive) every one, with the findings merged across directions and baselines.
    /// </summary>
    internal sealed class SchemaCheckRun
    {
        private SchemaCheckRun(SchemaCheckMode mode, bool transitive, List<string> baselines, List<SchemaFinding> findings, List<SchemaFinding> accepted)
        {
            Mode = mode;
            Transitive = transitive;
            Baselines = baselines;
            Findings = findings;
            Accepted = accepted;
        }

        public SchemaCheckMode Mode { get; }

        public bool Transitive { get; }

        /// <summary>The baselines compared with, oldest first.</summary>
        public List<string> Baselines { get; }

        /// <summary>Breaking findings first, then by type, member and rule.</summary>
        public List<SchemaFinding> Findings { get; }

        /// <summary>Breaking findings an <c>--accept</c> covered: reported, not failing.</summary>
        public List<SchemaFinding> Accepted { get; }

        /// <summary>Whether no breaking finding is left once the accepted ones are set aside.</summary>
        public bool Compatible
        {
            get
            {
                foreach (SchemaFinding f in Findings)
                {
                    if (f.Breaking) return false;
                }
                return true;
            }
        }

        /// <summary>
        /// Checks <paramref name="current"/> against <paramref name="baselines"/> (oldest first): the newest one only, or
        /// every one when <paramref name="transitive"/>.
        /// </summary>
        public static SchemaCheckRun Check(IReadOnlyList<SchemaDocument> baselines, SchemaDocument current, SchemaCheckMode mode, bool transitive, IReadOnlyList<string>? accept = null)
        {
            if (baselines.Count == 0) throw new ArgumentException("at least one baseline is needed", nameof(baselines));
            var against = new List<SchemaDocument>();
            if (transitive) against.AddRange(baselines);
            else against.Add(baselines[baselines.Count - 1]);

            var merged = new Dictionary<string, SchemaFinding>(StringComparer.Ordinal);
            var order = new List<SchemaFinding>();
            foreach (SchemaDocument baseline in against)
            {
                var directions = new List<SchemaDirection>();
                if (mode != SchemaCheckMode.Forward) directions.Add(SchemaDirection.Backward);
                if (mode != SchemaCheckMode.Backward) directions.Add(SchemaDirection.Forward);
                foreach (SchemaDirection direction in directions)
                {
                    foreach (SchemaFinding f in SchemaComparer.Compare(baseline, current, direction))
                    {
                        if (!merged.TryGetValue(f.Identity, out SchemaFinding? kept))
                        {
                            merged.Add(f.Identity, f);
                            order.Add(f);
                            kept = f;
                        }
                        else
                        {
                            kept.Directions.Add(direction);
                        }
                        if (!kept.Baselines.Contains(baseline.Label)) kept.Baselines.Add(baseline.Label);
                    }
                }
            }

            var findings = new List<SchemaFinding>();
            var accepted = new List<SchemaFinding>();
            foreach (SchemaFinding f in order)
            {
                bool isAccepted = false;
                if (f.Breaking && accept != null)
                {
                    foreach (string a in accept)
                    {
                        if (f.IsAcceptedBy(a)) isAccepted = true;
                    }
                }
                (isAccepted ? accepted : findings).Add(f);
            }
            Comparison<SchemaFinding> byPlace = (a, b) =>
            {
                int c = b.Breaking.CompareTo(a.Breaking);
                if (c == 0) c = string.CompareOrdinal(a.Type, b.Type);
                if (c == 0) c = string.CompareOrdinal(a.Member ?? "", b.Member ?? "");
                if (c == 0) c = string.CompareOrdinal(a.Rule, b.Rule);
                if (c == 0) c = string.CompareOrdinal(a.Message, b.Message);
                return c;
            };
            findings.Sort(byPlace);
            accepted.Sort(byPlace);
            var labels = new List<string>();
            foreach (SchemaDocument b in against) labels.Add(b.Label);
            return new SchemaCheckRun(mode, transitive, labels, findings, accepted);
        }

        /// <summary>Orders baseline file names as versions: digit runs by their number (v2 before v10), the rest ordinally.</summary>
        public static int CompareVersions(string a, string b)
        {
            int i = 0, j = 0;
            while (i < a.Length && j < b.Length)
            {
                if (char.IsDigit(a[i]) && char.IsDigit(b[j]))
                {
                    int si = i, sj = j;
                    while (i < a.Length && char.IsDigit(a[i])) i++;
                    while (j < b.Length && char.IsDigit(b[j])) j++;
                    string na = a.Substring(si, i - si).TrimStart('0'), nb = b.Substring(sj, j - sj).TrimStart('0');
                    int c = na.Length != nb.Length ? na.Length.CompareTo(nb.Length) : string.CompareOrdinal(na, nb);
                    if (c != 0) return c;
                    continue;
                }
                if (a[i] != b[j]) return a[i].CompareTo(b[j]);
                i++;
                j++;
            }
            return (a.Length - i).CompareTo(b.Length - j);
        }

        private static string ModeName(SchemaCheckMode mode) => mode switch
        {
            SchemaCheckMode.Forward => "forward",
            SchemaCheckMode.Full => "full",
            _ => "backward",
        };

        private static string DirectionName(SchemaDirection d) => d == SchemaDirection.Backward ? "backward" : "forward";

        /// <summary>The report for people: a line per finding with its rule and place, then what it does and the fix.</summary>
        public string ToText()
        {
            var sb = new StringBuilder();
            sb.Append("amber schema check: ").Append(ModeName(Mode)).Append(Transitive ? " transitive" : "")
              .Append(", this build against ").Append(string.Join(", ", Baselines)).Append('\n');
            int breaking = 0, compatible = 0;
            foreach (SchemaFinding f in Findings)
            {
                if (f.Breaking) breaking++;
                else compatible++;
                AppendText(sb, f, f.Breaking ? "BREAKING" : "compatible");
            }
            foreach (SchemaFinding f in Accepted) AppendText(sb, f, "accepted");
            sb.Append(breaking == 0 ? "compatible: " : "not compatible: ")
              .Append(breaking.ToString(CultureInfo.InvariantCulture)).Append(breaking == 1 ? " breaking change, " : " breaking changes, ")
              .Append(compatible.ToString(CultureInfo.InvariantCulture)).Append(compatible == 1 ? " compatible change" : " compatible changes");
            if (Accepted.Count > 0) sb.Append(", ").Append(Accepted.Count.ToString(CultureInfo.InvariantCulture)).Append(" accepted");
            sb.Append('\n');
            return sb.ToString();
        }

        private void AppendText(StringBuilder sb, SchemaFinding f, string label)
        {
            sb.Append(label).Append(' ').Append(f.Rule).Append(' ').Append(f.Where).Append(" (");
            sb.Append(Join(f.Directions));
            if (Baselines.Count > 1) sb.Append("; ").Append(string.Join(", ", f.Baselines));
            sb.Append(")\n  ").Append(f.Message).Append('\n');
            if (f.Fix != null && f.Breaking) sb.Append("  fix: ").Append(f.Fix).Append('\n');
        }

        private static string Join(IEnumerable<SchemaDirection> directions)
        {
            var names = new List<string>();
            foreach (SchemaDirection d in directions) names.Add(DirectionName(d));
            return string.Join(", ", names);
        }

        /// <summary>The report for programs: the same findings as JSON.</summary>
        public string ToJson()
        {
            var sb = new StringBuilder();
            sb.Append("{\n  \"mode\": ").Append(Quote(ModeName(Mode)))
              .Append(",\n  \"transitive\": ").Append(Transitive ? "true" : "false")
              .Append(",\n  \"baselines\": [");
            for (int i = 0; i < Baselines.Count; i++) sb.Append(i == 0 ? "" : ", ").Append(Quote(Baselines[i]));
            sb.Append("],\n  \"compatible\": ").Append(Compatible ? "true" : "false").Append(",\n  \"findings\": [");
            bool first = true;
            foreach (SchemaFinding f in Findings) AppendJson(sb, f, f.Breaking ? "breaking" : "compatible", ref first);
            foreach (SchemaFinding f in Accepted) AppendJson(sb, f, "accepted", ref first);
            sb.Append(first ? "]\n}\n" : "\n  ]\n}\n");
            return sb.ToString();
        }

        private static void AppendJson(StringBuilder sb, SchemaFinding f, string severity, ref bool first)
        {
            sb.Append(first ? "\n" : ",\n");
            first = false;
            sb.Append("    { \"rule\": ").Append(Quote(f.Rule))
              .Append(", \"severity\": ").Append(Quote(severity))
              .Append(", \"type\": ").Append(Quote(f.Type))
              .Append(", \"member\": ").Append(f.Member == null ? "null" : Quote(f.Member))
              .Append(", \"directions\": [");
            bool firstDirection = true;
            foreach (SchemaDirection d in f.Directions)
            {
                sb.Append(firstDirection ? "" : ", ").Append(Quote(DirectionName(d)));
                firstDirection = false;
            }
            sb.Append("], \"baselines\": [");
            for (int i = 0; i < f.Baselines.Count; i++) sb.Append(i == 0 ? "" : ", ").Append(Quote(f.Baselines[i]));
            sb.Append("], \"message\": ").Append(Quote(f.Message))
              .Append(", \"fix\": ").Append(f.Fix == null || !f.Breaking ? "null" : Quote(f.Fix)).Append(" }");
        }

        private static string Quote(string text)
        {
            var sb = new StringBuilder(text.Length + 2);
            sb.Append('"');
            foreach (char c in text)
            {
                switch (c)
                {
                    case '"': sb.Append("\\\""); break;
                    case '\\': sb.Append("\\\\"); break;
                    case '\n': sb.Append("\\n"); break;
                    case '\r': sb.Append("\\r"); break;
                    case '\t': sb.Append("\\t"); break;
                    default:
                        if (c < ' ') sb.Append("\\u").Append(((int)c).ToString("X4", CultureInfo.InvariantCulture));
                        else sb.Append(c);
                        break;
                }
            }
            return sb.Append('"').ToString();
        }
    }
}
