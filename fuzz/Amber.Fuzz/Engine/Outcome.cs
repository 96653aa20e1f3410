using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Text;
using System.Text.RegularExpressions;
using Amber.Metadata;

namespace Amber.Fuzz.Engine
{
    /// <summary>Why an input fails the run.</summary>
    public enum FindingKind
    {
        /// <summary>An exception other than <see cref="AmberException"/> escaped.</summary>
        Crash,

        /// <summary>One execution ran longer than the time limit.</summary>
        Hang,

        /// <summary>One execution allocated more than the bound for its input length.</summary>
        AllocationBlowUp,

        /// <summary>An <see cref="AmberException"/> without a message or without a byte offset inside the input.</summary>
        BadAmberException,

        /// <summary>The sequence or stream entry point and the span entry point disagree on the same bytes (outcome, message or offset).</summary>
        Disagreement,

        /// <summary>The process died while running the input (stack overflow, fatal error), found at the next start.</summary>
        ProcessDied,
    }

    /// <summary>
    /// The behaviour signature of one execution: success, or the AmberException's message template
    /// (digits, hex and quoted text removed), the method that threw it and the one above, the tail of
    /// its member path, and which eighth of the input the failing offset falls in. A new signature
    /// is the fuzzer's only novelty signal: it approximates "reached a different check", it is not
    /// code coverage.
    /// </summary>
    public static partial class Signature
    {
        [GeneratedRegex(@"0x[0-9A-Fa-f]+|\d+")]
        private static partial Regex Numbers();

        // Greedy, first quote to last: the quoted text is data (a formatter quotes the string it could not
        // parse) and may itself hold quotes; a lazy match left their tails in 195,588 "different" signatures.
        [GeneratedRegex(@"'.*'", RegexOptions.Singleline)]
        private static partial Regex Quoted();

        /// <summary>
        /// A success is told apart by the payload's vocabulary: reference mode, and the type tags, member
        /// tags, sequence and map descriptors and row codes in it. Each is a feature, as an edge is in
        /// coverage-guided fuzzing: a success that has a feature no earlier success of the target had (another
        /// concrete type, a widened member, packed instead of framed) is kept. Type and member tags the seeds
        /// do not have count as one "unknown" feature per wire type: a reader skips every unknown member alike.
        /// </summary>
        public static IEnumerable<ulong> SuccessFeatures(byte[] input, HashSet<ulong> seedTags, bool connection = false)
        {
            if (!connection && input.Length > 0 && (input[0] & 0x08) != 0) yield return 1;
            foreach (Field f in PayloadWalker.Walk(input, connection))
            {
                switch (f.Kind)
                {
                    case FieldKind.PayloadHeader when connection:
                        // A connection's messages: first or later, reference mode or not, and the root's wire type.
                        yield return ((ulong)f.Kind << 40) | f.Value;
                        break;
                    case FieldKind.TypeTag:
                        yield return ((ulong)f.Kind << 40) | (seedTags.Contains(TagKey(f)) ? f.Value : 1UL << 33);
                        break;
                    case FieldKind.MemberTag:
                        yield return ((ulong)f.Kind << 40) | (seedTags.Contains(TagKey(f)) ? f.Value : 0x10000 | (f.Value & 7));
                        break;
                    case FieldKind.SequenceDescriptor:
                    case FieldKind.MapDescriptor:
                    case FieldKind.RowCode:
                        yield return ((ulong)f.Kind << 40) | f.Value;
                        break;
                }
            }
        }

        /// <summary>How a success feature is listed among the signatures.</summary>
        public static string OfSuccessFeature(ulong feature) => "ok|" + ((FieldKind)(feature >> 40)) + "|" + (feature & 0xFFFFFFFFFF).ToString("x", System.Globalization.CultureInfo.InvariantCulture);

        /// <summary>The key under which a type or member tag is remembered from the seeds.</summary>
        public static ulong TagKey(Field f) => ((ulong)f.Kind << 40) | f.Value;

        public static string Of(AmberException ex, int inputLength)
        {
            var sb = new StringBuilder(128);
            sb.Append(Template(ex.Problem)).Append('|');
            AppendThrowSite(sb, ex);
            sb.Append('|').Append(PathTail(ex.MemberPath)).Append('|');
            long bucket = inputLength == 0 || ex.ByteOffset < 0 ? -1 : Math.Min(8, ex.ByteOffset * 8 / inputLength);
            sb.Append(bucket);
            return sb.ToString();
        }

        /// <summary>The message with its variable parts taken out, so one check is one template.</summary>
        public static string Template(string message) => Numbers().Replace(Quoted().Replace(message, "'…'"), "#");

        /// <summary>The last two steps of a member path, indexes removed: which member failed, not where in a big graph.</summary>
        public static string PathTail(string path)
        {
            string p = Numbers().Replace(path, "");
            int cut = p.Length;
            for (int steps = 0; steps < 2 && cut > 0; steps++)
            {
                int dot = p.LastIndexOf('.', cut - 1);
                cut = dot < 0 ? 0 : dot;
            }
            return p.Substring(cut);
        }

        /// <summary>
        /// The first two frames below Amber's throw helper: the check that fired and its caller. A message reader's error
        /// wraps the payload's (its offset counts from the message's first byte): the check is the wrapped one's.
        /// </summary>
        private static void AppendThrowSite(StringBuilder sb, Exception ex)
        {
            while (ex.InnerException is AmberException inner) ex = inner;
            var trace = new StackTrace(ex, false);
            int written = 0;
            for (int i = 0; i < trace.FrameCount && written < 2; i++)
            {
                var m = trace.GetFrame(i)?.GetMethod();
                if (m == null || m.DeclaringType == typeof(AmberThrow)) continue;
                sb.Append(m.DeclaringType?.Name).Append("::").Append(m.Name).Append(';');
                written++;
            }
        }

        /// <summary>Where a non-Amber exception came from: type and the first frames, to tell distinct bugs apart.</summary>
        public static string CrashIdentity(Exception ex)
        {
            var sb = new StringBuilder(ex.GetType().Name).Append('@');
            var trace = new StackTrace(ex, false);
            for (int i = 0; i < Math.Min(3, trace.FrameCount); i++)
            {
                var m = trace.GetFrame(i)?.GetMethod();
                sb.Append(m?.DeclaringType?.Name).Append("::").Append(m?.Name).Append(';');
            }
            return sb.ToString();
        }
    }
}
