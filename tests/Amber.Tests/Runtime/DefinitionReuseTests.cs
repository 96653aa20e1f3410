using System;
using System.Threading;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// A reader recognises a definition it read before (the last payload's at the same id, or a recent one) by its bytes,
    /// and keeps the match it made for it. What a payload that failed half-way through a definition left behind must never
    /// pass for such a definition: every payload is read as a reader that has read nothing before would read it.
    /// </summary>
    public class DefinitionReuseTests
    {
        public sealed class Triple
        {
            public int X { get; set; }
            public int Y { get; set; }
            public int Z { get; set; }
        }

        private static string Outcome(byte[] payload)
        {
            try
            {
                Triple? t = AmberSerializer.Deserialize<Triple>(payload);
                return $"ok {t?.X} {t?.Y} {t?.Z}";
            }
            catch (AmberException e)
            {
                return $"{e.Problem} @{e.ByteOffset}";
            }
        }

        private static string OnAFreshThread(byte[] payload)
        {
            string? outcome = null;
            var thread = new Thread(() => outcome = Outcome(payload));
            thread.Start();
            thread.Join();
            return outcome!;
        }

        [Fact]
        public void A_definition_cut_short_after_its_member_count_leaves_no_match_a_later_payload_reuses()
        {
            byte[] whole = AmberSerializer.Serialize(new Triple { X = 1, Y = 2, Z = 3 });
            // The root object defines shape 0 (0x02) with three untagged members (0x06), their six bytes of tags after it.
            Assert.Equal(0x02, whole[1]);
            Assert.Equal(0x06, whole[2]);
            byte[] zeroTags = (byte[])whole.Clone();
            Array.Clear(zeroTags, 3, 6);   // three members on key 0: the definition needs their name hashes, which it lacks
            string expected = OnAFreshThread(zeroTags);
            Assert.DoesNotContain("ok", expected);

            // Read across segments, the definition is matched but its bytes are not kept: the next definition at its id is
            // parsed, not recognised, and the entry (its tags, its match) is the one that parse starts from.
            var segments = TestSequences.OneByteSegments(whole);
            Assert.Equal(1, AmberSerializer.Deserialize<Triple>(in segments)!.X);
            // Five members, then the payload ends: the reader made room for five tags before it found none.
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Triple>(new byte[] { whole[0], 0x02, 0x0A }));
            Assert.Equal(expected, Outcome(zeroTags));
            Assert.Equal("ok 1 2 3", Outcome(whole));
        }
    }
}
