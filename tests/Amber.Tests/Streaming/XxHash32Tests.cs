using System;
using System.Text;
using Amber.Internal;
using Xunit;

namespace Amber.Tests.Streaming
{
    /// <summary>The frame checksum is XXH32 as its specification defines it (docs/format.md §7.4): known vectors, and the same result fed in pieces.</summary>
    public class XxHash32Tests
    {
        [Theory]
        [InlineData("", 0u, 0x02CC5D05u)]
        [InlineData("a", 0u, 0x550D7456u)]
        [InlineData("abc", 0u, 0x32D153FFu)]
        [InlineData("Nobody inspects the spammish repetition", 0u, 0xE2293B2Fu)]
        public void Known_vectors(string text, uint seed, uint expected)
        {
            Assert.Equal(expected, XxHash32.Hash(Encoding.ASCII.GetBytes(text), seed));
        }

        [Fact]
        public void Pieces_hash_like_the_whole()
        {
            byte[] data = new byte[1000];
            for (int i = 0; i < data.Length; i++) data[i] = (byte)(i * 31 + 7);
            uint whole = XxHash32.Hash(data, 42);
            foreach (int piece in new[] { 1, 3, 15, 16, 17, 100 })
            {
                var h = new XxHash32(42);
                for (int i = 0; i < data.Length; i += piece) h.Append(data.AsSpan(i, System.Math.Min(piece, data.Length - i)));
                Assert.Equal(whole, h.Finish());
            }
        }
    }
}
