using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Streaming;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// How the writer takes memory from an <see cref="IBufferWriter{T}"/> that hands out fixed blocks, as a
    /// PipeWriter does: small payloads written one after another fill each block, and a new block is taken
    /// only when less than <see cref="AmberWriter.MinimumChunk"/> bytes are left (fewer blocks means fewer
    /// socket writes when the pipe is flushed).
    /// </summary>
    public class WriterBlockUseTests
    {
        /// <summary>Hands out the rest of the current block when it holds what is asked for, else a new block.</summary>
        private sealed class BlockWriter : IBufferWriter<byte>
        {
            private readonly int _blockSize;
            private byte[] _block;
            private int _used;

            public BlockWriter(int blockSize)
            {
                _blockSize = blockSize;
                _block = new byte[blockSize];
            }

            /// <summary>Bytes used in each block, the current one last.</summary>
            public List<int> Used { get; } = new List<int>();

            public void Advance(int count) => _used += count;

            public Memory<byte> GetMemory(int sizeHint = 0)
            {
                int needed = Math.Max(sizeHint, 1);
                if (_blockSize - _used < needed)
                {
                    Used.Add(_used);
                    _block = new byte[Math.Max(_blockSize, needed)];
                    _used = 0;
                }
                return _block.AsMemory(_used);
            }

            public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;

            public List<int> AllBlocks() => Used.Append(_used).ToList();
        }

        [Theory]
        [InlineData(false)]
        [InlineData(true)]
        public void Small_payloads_fill_each_block_before_a_new_one_is_taken(bool framed)
        {
            var writer = new BlockWriter(4096);
            var person = new Person { Name = "Ada Lovelace", Age = 36 };
            int size = (framed ? 1 : 0) + AmberSerializer.Serialize(person).Length;
            for (int i = 0; i < 1000; i++)
            {
                if (framed) AmberFraming.WriteMessage(writer, person);
                else AmberSerializer.Serialize(writer, person);
            }

            List<int> blocks = writer.AllBlocks();
            Assert.Equal(1000 * size, blocks.Sum());
            // Every block but the last is full to within the least chunk the writer asks for.
            Assert.All(blocks.Take(blocks.Count - 1), used => Assert.InRange(used, 4096 - AmberWriter.MinimumChunk - 5, 4096));
        }
    }
}
