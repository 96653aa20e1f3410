using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;
using Xunit;

namespace Amber.Bench.Tests
{
    /// <summary>Each available adapter on an envelope with every member set (the workload's own message leaves most at default).</summary>
    public sealed class AdapterTests
    {
        /// <summary>The adapters measured on the main copy of the model types (a copy of their own is verified by the tiny run).</summary>
        public static IEnumerable<object[]> Available() => Peers.All().Where(a => a is not IOwnModelAdapter).Select(a => new object[] { a.Name });

        private static ISerializerAdapter Adapter(string name) => Peers.All().Single(a => a.Name == name);

        public static IEnumerable<MessageEnvelope> Envelopes()
        {
            yield return new MessageEnvelope();
            yield return new MessageEnvelope
            {
                IsInternal = true,
                TimeStamp = new DateTime(2024, 2, 29, 23, 59, 58, DateTimeKind.Utc).AddTicks(1234567),
                MessageId = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
                Header = "Ünïcødé header — " + new string('x', 300),
                From = Guid.Parse("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
                To = Guid.Parse("a3bb189e-8bf9-3888-9912-ace4e6543002"),
                KeyValuePairs = new Dictionary<string, string> { ["a"] = "1", ["ключ"] = "значение", ["empty"] = "", ["long"] = new string('y', 200) },
            };
            yield return new MessageEnvelope { TimeStamp = new DateTime(638_000_000_000_000_001, DateTimeKind.Unspecified), Header = "", KeyValuePairs = new Dictionary<string, string>() };
        }

        [Theory]
        [MemberData(nameof(Available))]
        public void EnvelopesRoundTripThroughTheBufferAndTheStream(string name)
        {
            ISerializerAdapter adapter = Adapter(name);
            var output = new ArrayBufferWriter<byte>(16);
            foreach (MessageEnvelope e in Envelopes())
            {
                output.ResetWrittenCount();
                adapter.Serialize(e, output);
                AssertSame(e, adapter.Deserialize<MessageEnvelope>(output.WrittenSpan));

                // The adapter is reused: a second value into the same writer must not see the first.
                output.ResetWrittenCount();
                adapter.Serialize(e, output);
                AssertSame(e, adapter.Deserialize<MessageEnvelope>(output.WrittenSpan));

                var stream = new MemoryStream();
                adapter.SerializeToStream(e, stream);
                stream.Position = 0;
                AssertSame(e, adapter.DeserializeFromStream<MessageEnvelope>(stream));
            }
        }

        [Fact]
        public void HandWrittenEnvelopeIsThirtyEightBytesAndWritesWithoutAllocating()
        {
            ISerializerAdapter adapter = new HandWrittenEnvelopeAdapter();
            var value = new MessageEnvelope { Header = "Test", From = Guid.NewGuid(), To = Guid.NewGuid() };
            var output = new ArrayBufferWriter<byte>(256);
            adapter.Serialize(value, output);
            // mask + (length + "Test") + two Guids.
            Assert.Equal(1 + 5 + 16 + 16, output.WrittenCount);
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++)
            {
                output.ResetWrittenCount();
                adapter.Serialize(value, output);
            }
            Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        [Fact]
        public void HandWrittenKnowsTheEnvelopeOnly()
        {
            var adapter = new HandWrittenEnvelopeAdapter();
            Assert.True(adapter.Supports("envelope"));
            Assert.False(adapter.Supports("bookshelf"));
            Assert.Throws<NotSupportedException>(() => adapter.Serialize(new BookShelf(), new ArrayBufferWriter<byte>()));
        }

        private static void AssertSame(MessageEnvelope expected, MessageEnvelope actual)
        {
            var c = new Comparer();
            EnvelopeWorkload.Compare(c, expected, actual);
            Assert.True(!c.Failed, c.FirstDifference);
            // The workload treats null and empty pairs alike; the adapters must keep them apart.
            Assert.Equal(expected.KeyValuePairs == null, actual.KeyValuePairs == null);
            Assert.Equal(expected.Header, actual.Header);
        }
    }
}
