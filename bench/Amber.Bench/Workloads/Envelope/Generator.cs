using System;

namespace Amber.Bench.Workloads
{
    /// <summary>The envelope test message from a seeded Random; its Guids are drawn the way the other generators draw theirs.</summary>
    internal static class EnvelopeGenerator
    {
        public static MessageEnvelope Create(Random random) =>
            new MessageEnvelope { Header = "Test", From = NewGuid(random), To = NewGuid(random) };

        /// <summary>A Guid from 16 bytes of <paramref name="random"/> (sportevents' and bootpayload's generators use it too).</summary>
        internal static Guid NewGuid(Random random)
        {
            var bytes = new byte[16];
            random.NextBytes(bytes);
            return new Guid(bytes);
        }
    }
}
