using System.Buffers;
using Amber.Internal;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// Arrays above 16 MiB are not given back to the shared pool, so one very large payload does not leave them there
    /// (docs/security.md, "Memory over time"); smaller ones are, for the next call to reuse.
    /// </summary>
    public class ByteBuffersTests
    {
        [Fact]
        public void An_array_above_the_pooled_length_is_not_given_back()
        {
            byte[] large = ArrayPool<byte>.Shared.Rent(ByteBuffers.MaxPooledLength + 1);
            ByteBuffers.Return(large);
            byte[] next = ArrayPool<byte>.Shared.Rent(ByteBuffers.MaxPooledLength + 1);
            Assert.NotSame(large, next);
            ArrayPool<byte>.Shared.Return(next);   // the shared pool's own behaviour, for the next test on this thread
        }

        [Fact]
        public void An_array_within_the_pooled_length_is_given_back_and_reused()
        {
            byte[] small = ArrayPool<byte>.Shared.Rent(1 << 20);
            ByteBuffers.Return(small);
            byte[] next = ArrayPool<byte>.Shared.Rent(1 << 20);
            Assert.Same(small, next);
            ByteBuffers.Return(next);
        }
    }
}
