using System;
using System.Collections.Generic;
using System.IO;
using Amber.Format;
using Xunit;

namespace Amber.Tests.Security
{
    /// <summary>The limits of AmberOptions (docs/security.md): each one fails reading with an AmberException that names the option.</summary>
    public class LimitsTests
    {
        /// <summary>A 100-byte payload whose root sequence claims 2^31 packed ints.</summary>
        private static byte[] ClaimsTwoToThe31()
        {
            var payload = new byte[100];
            int i = 0;
            payload[i++] = AmberCode.PayloadHeader(WireType.Sequence);
            ulong n = (1UL << 31) + 1;   // count + 1
            while (n >= 0x80)
            {
                payload[i++] = (byte)(n | 0x80);
                n >>= 7;
            }
            payload[i++] = (byte)n;
            payload[i] = 0x85;   // packed int
            return payload;
        }

        [Fact]
        public void A_length_the_input_cannot_hold_fails_before_allocating_for_it()
        {
            byte[] payload = ClaimsTwoToThe31();
            // Warm up: JIT, pooled reader state, the exception type.
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<int>>(payload));

            long before = GC.GetAllocatedBytesForCurrentThread();
            AmberException ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<int>>(payload));
            long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

            Assert.Contains("2147483648", ex.Message);
            Assert.Equal(1, ex.ByteOffset);
            // The exception itself (message, stack trace) is all that is allocated: far below one element per claimed count.
            Assert.True(allocated < 8 * 1024, $"allocated {allocated} bytes");
        }

        [Fact]
        public void The_same_claim_through_a_stream_also_fails_early()
        {
            byte[] payload = ClaimsTwoToThe31();
            AmberException ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<int[]>(new MemoryStream(payload)));
            Assert.Equal(1, ex.ByteOffset);
        }

        [Fact]
        public void MaxCollectionLength_limits_sequences_and_dictionaries()
        {
            var options = new AmberOptions { MaxCollectionLength = 3 };
            byte[] list = AmberSerializer.Serialize(new List<int> { 1, 2, 3, 4 });
            AmberException ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<List<int>>(list, options));
            Assert.Contains("collection length of 4 is above the limit of 3", ex.Message);
            Assert.Contains("MaxCollectionLength", ex.Message);
            Assert.Equal(1, ex.ByteOffset);

            byte[] map = AmberSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1, ["b"] = 2, ["c"] = 3, ["d"] = 4 });
            ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Dictionary<string, int>>(map, options));
            Assert.Contains("dictionary size of 4", ex.Message);

            // At the limit is fine.
            Assert.Equal(3, AmberSerializer.Deserialize<List<int>>(AmberSerializer.Serialize(new List<int> { 1, 2, 3 }), options)!.Count);
        }

        [Fact]
        public void MaxStringLength_limits_strings_and_byte_arrays()
        {
            var options = new AmberOptions { MaxStringLength = 5 };
            Assert.Equal("hello", AmberSerializer.Deserialize<string>(AmberSerializer.Serialize("hello"), options));
            AmberException ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(AmberSerializer.Serialize("hello!"), options));
            Assert.Contains("length of 6 is above the limit of 5", ex.Message);
            Assert.Contains("MaxStringLength", ex.Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<byte[]>(AmberSerializer.Serialize(new byte[6]), options));
        }

        [Fact]
        public async System.Threading.Tasks.Task MaxInputBytes_limits_spans_sequences_and_streams()
        {
            byte[] payload = AmberSerializer.Serialize(new string('x', 100));
            var options = new AmberOptions { MaxInputBytes = 50 };
            AmberException ex = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(payload, options));
            Assert.Contains("MaxInputBytes", ex.Message);
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(new System.Buffers.ReadOnlySequence<byte>(payload), options));
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(new MemoryStream(payload), options));
            await Assert.ThrowsAsync<AmberException>(async () => await AmberSerializer.DeserializeAsync<string>(new MemoryStream(payload), options));
        }

        [Fact]
        public void A_stream_is_read_no_further_than_the_limit()
        {
            // An endless stream: reading stops (with the limit's error) instead of buffering forever.
            var endless = new EndlessStream();
            var options = new AmberOptions { MaxInputBytes = 1 << 20 };
            Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<string>(endless, options));
            Assert.True(endless.Served <= (1 << 20) + 65536, $"read {endless.Served} bytes");
        }

        [Fact]
        public void Limits_reject_nonsense_values()
        {
            Assert.Throws<ArgumentOutOfRangeException>(() => new AmberOptions { MaxCollectionLength = -1 });
            Assert.Throws<ArgumentOutOfRangeException>(() => new AmberOptions { MaxStringLength = -1 });
            Assert.Throws<ArgumentOutOfRangeException>(() => new AmberOptions { MaxInputBytes = 0 });
        }

        private sealed class EndlessStream : Stream
        {
            public long Served { get; private set; }
            public override bool CanRead => true;
            public override bool CanSeek => false;
            public override bool CanWrite => false;
            public override long Length => throw new NotSupportedException();
            public override long Position { get => Served; set => throw new NotSupportedException(); }
            public override void Flush() { }
            public override int Read(byte[] buffer, int offset, int count)
            {
                Array.Fill(buffer, (byte)0x41, offset, count);
                Served += count;
                return count;
            }
            public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
            public override void SetLength(long value) => throw new NotSupportedException();
            public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        }
    }
}
