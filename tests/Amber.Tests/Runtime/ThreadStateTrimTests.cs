using System.Collections.Generic;
using Amber.Internal;
using Amber.Tests.Models.Refs;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>
    /// The writer and reader states are pooled per thread. A reference-mode payload of many objects grows their identity
    /// table and reference tables; once it is done, the thread's state must not keep those large arrays.
    /// </summary>
    public class ThreadStateTrimTests
    {
        private static readonly AmberOptions Refs = new AmberOptions { PreserveReferences = true };

        /// <summary>100,000 shared titles, each with its own string: 200,000 numbered values, far past what a state keeps.</summary>
        private static Library ManyShared()
        {
            var shelf = new List<Title>(200_000);
            for (int i = 0; i < 100_000; i++)
            {
                var t = new Title { Text = "title " + i };
                shelf.Add(t);
                shelf.Add(t);
            }
            return new Library { Shelf = shelf };
        }

        [Fact]
        public void After_a_payload_of_many_shared_objects_the_threads_writer_state_holds_no_large_identity_table()
        {
            WriterState before = WriterState.Rent();
            WriterState.Return(before);

            byte[] bytes = AmberSerializer.Serialize(ManyShared(), Refs);

            WriterState after = WriterState.Rent();
            try
            {
                Assert.Same(before, after);   // the thread's own state numbered the 200,000 values
                Assert.NotNull(after.Objects);
                Assert.InRange(after.Objects!.Capacity, 1, IdentityMap.MaxKeptSlots);
                Assert.NotNull(after.Bytes);
                Assert.InRange(after.Bytes!.Capacity, 1, IdentityMap.MaxKeptSlots);
            }
            finally
            {
                WriterState.Return(after);
            }
            Library back = AmberSerializer.Deserialize<Library>(bytes)!;
            Assert.Same(back.Shelf![0], back.Shelf[1]);
        }

        [Fact]
        public void After_a_payload_of_many_shared_objects_the_threads_reader_state_holds_no_large_reference_table()
        {
            byte[] bytes = AmberSerializer.Serialize(ManyShared(), Refs);
            ReaderState before = ReaderState.Rent();
            ReaderState.Return(before);

            Library back = AmberSerializer.Deserialize<Library>(bytes)!;

            ReaderState after = ReaderState.Rent();
            try
            {
                Assert.Same(before, after);   // the thread's own state held the 200,000 values while reading
                Assert.InRange(after.Objects.Capacity, 0, ReaderState.MaxKeptReferences);
                Assert.InRange(after.Bytes.Capacity, 0, ReaderState.MaxKeptReferences);
            }
            finally
            {
                ReaderState.Return(after);
            }
            Assert.Equal(200_000, back.Shelf!.Count);
            Assert.Same(back.Shelf[198_000], back.Shelf[198_001]);
        }

        [Fact]
        public void An_identity_table_within_the_kept_size_is_cleared_and_kept()
        {
            var map = new IdentityMap();
            var keys = new object[1000];
            for (int i = 0; i < keys.Length; i++) Assert.Equal(-1, map.GetOrAdd(keys[i] = new object(), i));
            int grown = map.Capacity;
            Assert.True(grown >= 2048);

            map.Clear();

            Assert.Equal(grown, map.Capacity);   // small payloads reuse their table
            Assert.Equal(-1, map.GetOrAdd(keys[7], 0));   // and it forgot every object
        }

        [Fact]
        public void An_identity_table_past_the_kept_size_is_dropped_when_cleared_and_still_works()
        {
            var map = new IdentityMap();
            var keys = new object[IdentityMap.MaxKeptSlots];
            for (int i = 0; i < keys.Length; i++) map.GetOrAdd(keys[i] = new object(), i);
            Assert.True(map.Capacity > IdentityMap.MaxKeptSlots);

            map.Clear();

            Assert.True(map.Capacity <= 64);
            Assert.Equal(-1, map.GetOrAdd(keys[5], 1));
            Assert.Equal(1, map.GetOrAdd(keys[5], 2));
        }
    }
}
