using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// One frame of each message kind, pinned byte for byte (the layout of docs/signalr.md), read back to the same
    /// message; and the parser's answers to frames that are incomplete, damaged or do not bind.
    /// </summary>
    public class FrameTests
    {
        private static readonly AmberHubProtocol Protocol = new AmberHubProtocol();

        /// <summary>A binder for the method "Add(int, string)", results of invocation "1" as int, items of stream "s" as Point.</summary>
        private sealed class Binder : IInvocationBinder
        {
            public IReadOnlyList<Type> GetParameterTypes(string methodName) =>
                methodName == "Add" ? new[] { typeof(int), typeof(string) } : throw new InvalidOperationException("No method " + methodName);

            public Type GetReturnType(string invocationId) => invocationId == "1" ? typeof(int) : throw new InvalidOperationException("No invocation " + invocationId);

            public Type GetStreamItemType(string streamId) => streamId == "s" ? typeof(Point) : throw new InvalidOperationException("No stream " + streamId);
        }

        public static IEnumerable<object[]> Golden() => new[]
        {
            new object[] { "Invocation", new InvocationMessage("1", "Add", new object?[] { 7, "hi" }) { Headers = new Dictionary<string, string> { ["k"] = "v" } }, "160101026B02760231044164640203100E051403686900" },
            new object[] { "Invocation without id, with a null argument and a stream id", new InvocationMessage(null, "Add", new object?[] { 7, null }, new[] { "s" }), "0F010000044164640203100E00010273" },
            new object[] { "StreamInvocation", new StreamInvocationMessage("2", "Add", new object?[] { 1, "a" }), "110400023204416464020310020414026100" },
            new object[] { "StreamItem", new StreamItemMessage("s", new Point(1, 2)), "0F020002730B15020480B318E6030204" },
            new object[] { "Completion with a result", CompletionMessage.WithResult("1", 42), "080300023103031054" },
            new object[] { "Completion with an error", CompletionMessage.WithError("1", "boom"), "0A030002310105626F6F6D" },
            new object[] { "Completion without a result", CompletionMessage.Empty("1"), "050300023102" },
            new object[] { "CancelInvocation", new CancelInvocationMessage("1"), "0405000231" },
            new object[] { "Ping", PingMessage.Instance, "0106" },
            new object[] { "Close with an error that allows reconnecting", new CloseMessage("bye", true), "06070462796501" },
            new object[] { "Close without an error", CloseMessage.Empty, "03070000" },
            new object[] { "Ack", new AckMessage(300), "0308AC02" },
            new object[] { "Sequence", new SequenceMessage(5), "020905" },
        };

        [Theory]
        [MemberData(nameof(Golden))]
        public void A_message_is_written_as_its_pinned_frame_and_read_back(string kind, HubMessage message, string hex)
        {
            byte[] frame = Protocol.GetMessageBytes(message).ToArray();
            Assert.True(hex == Convert.ToHexString(frame), kind + ": " + Convert.ToHexString(frame));

            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? read));
            Assert.Equal(0, input.Length);
            Assert.Equal(Describe(message), Describe(read!));
        }

        private static string Describe(HubMessage m) => m switch
        {
            InvocationMessage i => $"Invocation {i.InvocationId} {i.Target} [{string.Join(",", i.Arguments)}] [{string.Join(",", i.StreamIds ?? Array.Empty<string>())}] {Headers(i)}",
            StreamInvocationMessage i => $"StreamInvocation {i.InvocationId} {i.Target} [{string.Join(",", i.Arguments)}] {Headers(i)}",
            StreamItemMessage s => $"StreamItem {s.InvocationId} {s.Item} {Headers(s)}",
            CompletionMessage c => $"Completion {c.InvocationId} {c.HasResult} {c.Result} {c.Error} {Headers(c)}",
            CancelInvocationMessage c => $"Cancel {c.InvocationId} {Headers(c)}",
            CloseMessage c => $"Close {c.Error} {c.AllowReconnect}",
            AckMessage a => $"Ack {a.SequenceId}",
            SequenceMessage s => $"Sequence {s.SequenceId}",
            _ => m.GetType().Name,
        };

        private static string Headers(HubInvocationMessage m) =>
            m.Headers == null ? "" : string.Join(";", m.Headers.Select(h => h.Key + "=" + h.Value));

        /// <summary>A binder whose every parameter, result and stream item is declared as one type.</summary>
        private sealed class Declared : IInvocationBinder
        {
            private readonly Type _type;
            private readonly int _count;

            public Declared(Type type, int count = 1)
            {
                _type = type;
                _count = count;
            }

            public IReadOnlyList<Type> GetParameterTypes(string methodName) => Enumerable.Repeat(_type, _count).ToArray();

            public Type GetReturnType(string invocationId) => _type;

            public Type GetStreamItemType(string streamId) => _type;
        }

        /// <summary>
        /// A T? reaches the writer boxed (a T, or null), is written as a T, and a side that declares T? reads it back:
        /// the value, the default (0 is not null) and null. The bytes are T's, so a side that declares T reads them too.
        /// </summary>
        public static IEnumerable<object[]> NullableFrames() =>
            NullableSamples.Values.Keys.SelectMany(t => NullableSamples.Cases.Select(which => new object[] { t.Name, which }));

        [Theory]
        [MemberData(nameof(NullableFrames))]
        public void A_nullable_value_type_is_read_back_as_sent_as_an_argument_a_result_and_a_stream_item(string typeName, string which)
        {
            Type type = NullableSamples.Values.Keys.Single(t => t.Name == typeName);
            Type nullable = typeof(Nullable<>).MakeGenericType(type);
            object? sent = which switch { "value" => NullableSamples.Values[type], "default" => Activator.CreateInstance(type), _ => null };

            Assert.Equal(sent, Assert.Single(((InvocationMessage)RoundTrip(new InvocationMessage("1", "Take", new[] { sent }), nullable)).Arguments));
            Assert.Equal(sent, ((StreamItemMessage)RoundTrip(new StreamItemMessage("s", sent), nullable)).Item);
            CompletionMessage completion = (CompletionMessage)RoundTrip(CompletionMessage.WithResult("1", sent), nullable);
            Assert.Null(completion.Error);
            Assert.Equal(sent, completion.Result);
            if (sent != null)
                Assert.Equal(sent, Assert.Single(((InvocationMessage)RoundTrip(new InvocationMessage("1", "Take", new[] { sent }), type)).Arguments));
        }

        private static HubMessage RoundTrip(HubMessage message, Type declared)
        {
            var input = new ReadOnlySequence<byte>(Protocol.GetMessageBytes(message));
            Assert.True(Protocol.TryParseMessage(ref input, new Declared(declared), out HubMessage? read));
            Assert.Equal(0, input.Length);
            return read!;
        }

        /// <summary>A T? on the wire is T's payload (or the null value, 0): 42, 0 and null as int?, pinned.</summary>
        [Theory]
        [InlineData(42, "080300023103031054")]
        [InlineData(0, "080300023103031000")]
        [InlineData(null, "06030002310300")]
        public void A_nullable_result_is_written_as_its_value_and_read_as_the_declared_nullable(int? result, string hex)
        {
            byte[] frame = Protocol.GetMessageBytes(CompletionMessage.WithResult("1", result)).ToArray();
            Assert.Equal(hex, Convert.ToHexString(frame));
            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(Protocol.TryParseMessage(ref input, new Declared(typeof(int?)), out HubMessage? read));
            CompletionMessage completion = Assert.IsType<CompletionMessage>(read);
            Assert.True(completion.HasResult);
            Assert.Equal(result, (int?)completion.Result);
        }

        [Fact]
        public void A_nullable_argument_that_does_not_bind_names_the_declared_nullable_type()
        {
            var input = new ReadOnlySequence<byte>(Protocol.GetMessageBytes(new InvocationMessage("9", "Take", new object?[] { "seven" })));
            Assert.True(Protocol.TryParseMessage(ref input, new Declared(typeof(int?)), out HubMessage? message));
            var failure = Assert.IsType<InvocationBindingFailureMessage>(message);
            Assert.Contains("argument 1 of 'Take' could not be read as System.Int32?:", failure.BindingFailure.SourceException.Message);
        }

        private static readonly byte[] AddFrame = Convert.FromHexString("160101026B02760231044164640203100E051403686900");

        [Fact]
        public void Every_incomplete_prefix_of_a_frame_waits_for_more_and_consumes_nothing()
        {
            for (int n = 0; n < AddFrame.Length; n++)
            {
                var input = new ReadOnlySequence<byte>(AddFrame, 0, n);
                Assert.False(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
                Assert.Null(message);
                Assert.Equal(n, input.Length);
            }
        }

        [Fact]
        public void A_frame_split_across_segments_and_followed_by_another_is_read_and_the_rest_is_left()
        {
            byte[] two = new byte[AddFrame.Length * 2];
            AddFrame.CopyTo(two, 0);
            AddFrame.CopyTo(two, AddFrame.Length);
            var first = new Segment(two.AsMemory(0, 9), 0);
            Segment last = first.Append(two.AsMemory(9));
            var input = new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
            Assert.Equal(new object?[] { 7, "hi" }, ((InvocationMessage)message!).Arguments);
            Assert.Equal(AddFrame.Length, input.Length);
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out message));
            Assert.Equal(0, input.Length);
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(ReadOnlyMemory<byte> memory, long index)
            {
                Memory = memory;
                RunningIndex = index;
            }

            public Segment Append(ReadOnlyMemory<byte> memory)
            {
                var next = new Segment(memory, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }

        [Theory]
        [InlineData("026300", "unknown message kind 99", 1)]
        [InlineData("00", "names an empty frame", 0)]
        [InlineData("FFFFFFFF7F", "more than a frame can hold", 0)]
        [InlineData("8080808080", "runs past 5 bytes", 0)]
        [InlineData("06010002310B41", "only 1 are left", 5)]
        [InlineData("0406000000", "3 byte(s) left over after the fields of a Ping message", 2)]
        [InlineData("03070002", "allow-reconnect flag of a Close message is 2", 3)]
        [InlineData("0403000231", "the frame ends before its completion kind", 5)]
        [InlineData("0503000231FF", "unknown completion kind 255", 5)]
        [InlineData("0902000273FFFFFFFFFF", "stream item length runs past 5 varint bytes", 5)]
        [InlineData("080100023102FF0000", "the target method name is not valid UTF-8", 5)]
        public void A_damaged_frame_throws_an_AmberException_that_says_what_and_where(string hex, string problem, long offset)
        {
            var input = new ReadOnlySequence<byte>(Convert.FromHexString(hex));
            AmberException ex = Assert.Throws<AmberException>(() => Protocol.TryParseMessage(ref input, new Binder(), out _));
            Assert.Contains(problem, ex.Message);
            Assert.Contains("Damaged SignalR 'amber' frame", ex.Message);
            Assert.Equal(offset, ex.ByteOffset);
            Assert.NotNull(ex.Fix);
        }

        [Fact]
        public void A_frame_longer_than_MaxInputBytes_is_refused_from_its_length_prefix()
        {
            var small = new AmberHubProtocol(new AmberOptions { MaxInputBytes = 16 });
            var input = new ReadOnlySequence<byte>(AddFrame);
            AmberException ex = Assert.Throws<AmberException>(() => small.TryParseMessage(ref input, new Binder(), out _));
            Assert.Contains("22 bytes is longer than AmberOptions.MaxInputBytes (16)", ex.Message);
        }

        [Theory]
        [InlineData("Add", new object?[] { 7 }, "carries 1 argument(s) but the method takes 2")]
        [InlineData("Add", new object?[] { "seven", "hi" }, "argument 1 of 'Add' could not be read as System.Int32")]
        [InlineData("Add", new object?[] { null, "hi" }, "argument 1 of 'Add' is null, which Int32 cannot hold")]
        [InlineData("Missing", new object?[] { 7 }, "No method Missing")]
        public void An_invocation_that_does_not_bind_becomes_a_binding_failure_not_an_exception(string target, object?[] arguments, string error)
        {
            var input = new ReadOnlySequence<byte>(Protocol.GetMessageBytes(new InvocationMessage("9", target, arguments)));
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
            var failure = Assert.IsType<InvocationBindingFailureMessage>(message);
            Assert.Equal("9", failure.InvocationId);
            Assert.Equal(target, failure.Target);
            Assert.Contains(error, failure.BindingFailure.SourceException.Message);
            Assert.Equal(0, input.Length);
        }

        [Fact]
        public void A_damaged_argument_payload_fails_its_invocation_only()
        {
            // Add(7, "hi") with the string payload's header byte changed from 0x14 (version 1, Bytes) to 0x1F.
            byte[] frame = (byte[])AddFrame.Clone();
            frame[18] = 0x1F;
            var input = new ReadOnlySequence<byte>(frame);
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
            var failure = Assert.IsType<InvocationBindingFailureMessage>(message);
            Assert.Contains("argument 2 of 'Add'", failure.BindingFailure.SourceException.Message);
        }

        [Fact]
        public void A_stream_item_that_does_not_bind_becomes_a_stream_binding_failure()
        {
            var input = new ReadOnlySequence<byte>(Protocol.GetMessageBytes(new StreamItemMessage("s", "not a point")));
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
            var failure = Assert.IsType<StreamBindingFailureMessage>(message);
            Assert.Equal("s", failure.Id);
            Assert.Contains("stream item of stream 's'", failure.BindingFailure.SourceException.Message);
        }

        [Fact]
        public void A_result_that_does_not_bind_completes_its_invocation_with_an_error()
        {
            var input = new ReadOnlySequence<byte>(Protocol.GetMessageBytes(CompletionMessage.WithResult("1", "forty-two")));
            Assert.True(Protocol.TryParseMessage(ref input, new Binder(), out HubMessage? message));
            var completion = Assert.IsType<CompletionMessage>(message);
            Assert.False(completion.HasResult);
            Assert.Contains("could not be read as Int32", completion.Error);
        }
    }
}
