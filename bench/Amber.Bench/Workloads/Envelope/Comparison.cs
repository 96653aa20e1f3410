namespace Amber.Bench.Workloads
{
    public sealed partial class EnvelopeWorkload
    {
        public static void Compare(Comparer c, MessageEnvelope e, MessageEnvelope a)
        {
            c.Equal("IsInternal", e.IsInternal, a.IsInternal);
            c.Equal("TimeStamp", e.TimeStamp, a.TimeStamp);
            c.Equal("TimeStamp.Kind", e.TimeStamp.Kind, a.TimeStamp.Kind);
            c.Equal("MessageId", e.MessageId, a.MessageId);
            c.Equal("Header", e.Header, a.Header);
            c.Equal("From", e.From, a.From);
            c.Equal("To", e.To, a.To);
            // null and empty are the same message for this workload: the envelope test message has no pairs.
            if ((e.KeyValuePairs?.Count ?? 0) != 0 || (a.KeyValuePairs?.Count ?? 0) != 0)
                c.Map("KeyValuePairs", e.KeyValuePairs, a.KeyValuePairs, (cc, p, x, y) => cc.Equal(p, x, y));
        }
    }
}
