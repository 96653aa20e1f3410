#if NET8_0_OR_GREATER
using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text.Json;
using System.Threading.Tasks;
using Amber.Format;
using Amber.Internal;
using Amber.Json;
using Amber.Metadata;
using Amber.Streaming;

namespace Amber.Inspection
{
    /// <summary>
    /// Looks inside Amber data without the code that wrote it: what a payload holds (objects and bytes per
    /// type), and the frames of a chunked stream (<see cref="AmberStream"/>, <see cref="AmberSnapshot"/> files)
    /// with their checksums, as a report or as JSON. Streams are read one frame at a time, so memory stays
    /// about one frame whatever the size of the stream. This is what the <c>amber</c> command-line tool runs.
    /// </summary>
    public static partial class AmberInspector
    {
        /// <summary>Whether <paramref name="start"/> (the first bytes of some data) begins a chunked stream ("AMBS") rather than a payload.</summary>
        public static bool IsChunkedStream(ReadOnlySpan<byte> start) => start.StartsWith(FrameFormat.Magic);

        /// <summary>
        /// Whether <paramref name="data"/> (all of the data) is a captured connection stream (docs/format.md §7.6): the messages
        /// one <see cref="AmberMessageWriter"/> wrote, one after another. It is when it begins with a whole message (a length
        /// prefix, then that many bytes) whose header byte has version 3, a connection's first message. A payload whose root is
        /// a string, byte array, collection or map of 47 to 62 elements begins with bytes that also read so; when the first
        /// byte could begin such a payload, the messages after the first must follow one another too (their headers version 3
        /// or 4), up to the end of the data or for 64 messages.
        /// </summary>
        public static bool IsConnectionStream(ReadOnlySpan<byte> data)
        {
            if (!IsMessage(data, data.Length, first: true, out long total)) return false;
            if (!CouldBePayload(data[0])) return true;
            long at = total;
            for (int i = 1; i < ConnectionMessagesChecked && at < data.Length; i++)
            {
                if (!IsMessage(data.Slice((int)at), data.Length - at, first: false, out total)) return false;
                at += total;
            }
            return true;
        }

        /// <summary>
        /// Whether <paramref name="stream"/>, from its position to its end, is a captured connection stream, by the rules of
        /// <see cref="IsConnectionStream(ReadOnlySpan{byte})"/>. The stream must be seekable; its position is left where it was.
        /// </summary>
        public static bool IsConnectionStream(Stream stream)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            if (!stream.CanSeek) throw new ArgumentException("The stream must be seekable: telling a connection stream from a payload may look past its first message.", nameof(stream));
            long start = stream.Position;
            long length = stream.Length - start;
            Span<byte> head = stackalloc byte[MessageHeadBytes];
            try
            {
                int n = stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false);
                if (!IsMessage(head.Slice(0, n), length, first: true, out long total)) return false;
                if (!CouldBePayload(head[0])) return true;
                long at = total;
                for (int i = 1; i < ConnectionMessagesChecked && at < length; i++)
                {
                    stream.Position = start + at;
                    n = stream.ReadAtLeast(head, head.Length, throwOnEndOfStream: false);
                    if (!IsMessage(head.Slice(0, n), length - at, first: false, out total)) return false;
                    at += total;
                }
                return true;
            }
            finally
            {
                stream.Position = start;
            }
        }

        private const int ConnectionMessagesChecked = 64;

        /// <summary>The most bytes a message's length prefix (10) and header byte take.</summary>
        private const int MessageHeadBytes = 11;

        /// <summary>
        /// Whether <paramref name="head"/> (a message's first bytes) is a valid length prefix and a header byte of version 3
        /// (<paramref name="first"/>) or 3 or 4, of a message that fits in the <paramref name="remaining"/> bytes.
        /// </summary>
        private static bool IsMessage(ReadOnlySpan<byte> head, long remaining, bool first, out long total)
        {
            total = 0;
            ulong length = 0;
            for (int i = 0; i < head.Length && i < AmberPrimitives.MaxVarintLength; i++)
            {
                byte b = head[i];
                length |= (ulong)(b & 0x7F) << (7 * i);
                if (b >= 0x80) continue;
                if ((b == 0 && i > 0) || length == 0 || length > int.MaxValue || i + 1 >= head.Length) return false;
                var header = new PayloadHeader(head[i + 1]);
                if (first ? !header.IsFirst : !header.IsMessage) return false;
                total = i + 1 + (long)length;
                return total <= remaining;
            }
            return false;
        }

        /// <summary>Whether a payload could begin with <paramref name="b"/> and go on as a connection message's header does: a root string, collection or map.</summary>
        private static bool CouldBePayload(byte b) =>
            new PayloadHeader(b).IsSingle && new PayloadHeader(b).RootWireType is WireType.Bytes or WireType.Sequence or WireType.Map;

        /// <summary>
        /// Reads a captured connection stream (docs/format.md §7.6) message by message, as one <see cref="AmberMessageReader"/>
        /// reads a connection, and checks every message: its length prefix, its header (the first message of the stream is a
        /// first message; later ones name only shapes earlier messages defined) and its payload, read as
        /// <paramref name="messageType"/> or, when it is null, without a type. Problems are reported in
        /// <see cref="AmberConnectionReport.Error"/>, not thrown; reading stops at the first one.
        /// </summary>
        /// <param name="stream">The stream, at its first message; read to its end or its first error.</param>
        /// <param name="messageType">The type every message is read as (a type with generated code in a loaded assembly), or null.</param>
        /// <param name="options">The limits messages and the connection's definitions are checked against.</param>
        /// <param name="progress">Told the stream bytes read after each message.</param>
        public static AmberConnectionReport VerifyConnection(Stream stream, Type? messageType = null, AmberOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            return WalkConnection(stream, messageType, null, null, options ?? AmberOptions.Default, progress);
        }

        /// <summary>
        /// The objects and bytes per type over all the messages of a captured connection stream, read as
        /// <paramref name="messageType"/> or without a type. <see cref="AmberPayloadStats.TotalBytes"/> counts the stream's
        /// bytes: the length prefixes count outside objects. Throws <see cref="AmberException"/> at the first message that does not read.
        /// </summary>
        public static AmberPayloadStats GetConnectionStats(Stream stream, Type? messageType = null, AmberOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            var stats = new PayloadStatsBuilder();
            AmberConnectionReport report = WalkConnection(stream, messageType, null, stats, options ?? AmberOptions.Default, progress);
            if (report.Error != null) throw report.Error;
            return stats.Build();
        }

        /// <summary>
        /// Writes a captured connection stream as one JSON object, message by message:
        /// <c>{"format":"amber-connection","messages":[{"message":0,"offset":0,"bytes":…,"first":true,"definitions":…,"value":…},…],"end":{…}}</c>.
        /// Each value is the typed view when <paramref name="messageType"/> is given, the schema-less view otherwise
        /// (<see cref="AmberJson"/>), with the shapes of the messages before it. At the first message that does not read, the
        /// object ends with <c>"error":{"messageIndex":…,"offset":…,"message":…}</c> instead of <c>"end"</c>, and the returned
        /// report's <see cref="AmberConnectionReport.Error"/> says the same. The writer is flushed after each message.
        /// </summary>
        public static AmberConnectionReport ConnectionToJson(Stream stream, Utf8JsonWriter writer, Type? messageType = null, AmberOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            if (writer == null) throw new ArgumentNullException(nameof(writer));
            writer.WriteStartObject();
            writer.WriteString("format", "amber-connection");
            writer.WriteStartArray("messages");
            AmberConnectionReport report = WalkConnection(stream, messageType, writer, null, options ?? AmberOptions.Default, progress);
            writer.WriteEndArray();
            if (report.Error == null)
            {
                writer.WriteStartObject("end");
                writer.WriteNumber("offset", report.StreamBytes);
                writer.WriteNumber("messages", report.Messages.Count);
                writer.WriteNumber("firstMessages", report.FirstMessages);
                writer.WriteNumber("shapes", report.Shapes);
                writer.WriteEndObject();
            }
            else
            {
                WriteError(writer, report.Error, report.ErrorMessage);
            }
            writer.WriteEndObject();
            writer.Flush();
            return report;
        }

        /// <summary>
        /// Reads the messages one at a time (memory for about one message) and walks each with the connection's shapes,
        /// collecting <paramref name="stats"/>; with a <paramref name="writer"/>, writes each message once it has walked
        /// cleanly, so a message that does not read never leaves half a value in the JSON.
        /// </summary>
        private static AmberConnectionReport WalkConnection(Stream stream, Type? type, Utf8JsonWriter? writer, PayloadStatsBuilder? stats, AmberOptions options, IProgress<long>? progress)
        {
            var messages = new List<AmberMessageInfo>();
            var connection = new JsonView.Connection(options);
            byte[] buffer = ArrayPool<byte>.Shared.Rent(4096);
            long offset = 0;
            try
            {
                while (true)
                {
                    int index = messages.Count;
                    if (!ReadMessagePrefix(stream, options, index, offset, out int prefix, out int length)) break;
                    ReadMessagePayload(stream, ref buffer, index, offset, prefix, length);
                    ReadOnlySpan<byte> payload = buffer.AsSpan(0, length);
                    int definitions;
                    try
                    {
                        if (writer != null)
                        {
                            var mark = connection.Mark();
                            definitions = JsonView.WriteMessage(payload, prefix, type, null, options, null, connection);
                            connection.Restore(mark);
                            writer.WriteStartObject();
                            writer.WriteNumber("message", index);
                            writer.WriteNumber("offset", offset);
                            writer.WriteNumber("bytes", length);
                            writer.WriteBoolean("first", new PayloadHeader(payload[0]).IsFirst);
                            writer.WriteNumber("definitions", definitions);
                            writer.WritePropertyName("value");
                            JsonView.WriteMessage(payload, prefix, type, writer, options, stats, connection);
                            writer.WriteEndObject();
                            writer.Flush();
                        }
                        else
                        {
                            definitions = JsonView.WriteMessage(payload, prefix, type, null, options, stats, connection);
                        }
                    }
                    catch (AmberException ex)
                    {
                        throw MessageDoesNotRead(index, offset, prefix, type, ex);
                    }
                    messages.Add(new AmberMessageInfo(index, offset, prefix, length, new PayloadHeader(payload[0]), definitions));
                    offset += prefix + length;
                    progress?.Report(offset);
                }
                progress?.Report(offset);
                return new AmberConnectionReport(messages, offset, connection.Shapes, null);
            }
            catch (AmberException ex)
            {
                return new AmberConnectionReport(messages, offset, connection.Shapes, ex);
            }
            finally
            {
                ByteBuffers.Return(buffer);
            }
        }

        /// <summary>
        /// Reads message <paramref name="index"/>'s length prefix (docs/format.md §7.5, with its checks); false at the end of
        /// the stream, before any byte of it.
        /// </summary>
        private static bool ReadMessagePrefix(Stream stream, AmberOptions options, int index, long offset, out int prefix, out int length)
        {
            int maxPrefix = AmberPrimitives.VarintLength((ulong)options.MaxInputBytes);
            ulong value = 0;
            try
            {
                for (int i = 0; ; i++)
                {
                    int b = stream.ReadByte();
                    if (b < 0)
                    {
                        if (i == 0)
                        {
                            prefix = length = 0;
                            return false;
                        }
                        throw new AmberException("The stream ends inside the message's length prefix", i, "The capture was cut short: keep the messages before it, or capture the connection again.");
                    }
                    value |= (ulong)(b & 0x7F) << (7 * i);
                    if (b >= 0x80)
                    {
                        if (i + 1 == maxPrefix) AmberThrow.MessagePrefixTooLong(i, maxPrefix, options.MaxInputBytes);
                        continue;
                    }
                    if (b == 0 && i > 0) AmberThrow.MessagePrefixNotShortest(i, value);
                    if (value == 0) AmberThrow.EmptyMessage(0);
                    if (value > (ulong)options.MaxInputBytes || value > int.MaxValue)
                        AmberThrow.LimitExceeded(0, "A message length in bytes", value, Math.Min(options.MaxInputBytes, int.MaxValue), nameof(AmberOptions.MaxInputBytes));
                    prefix = i + 1;
                    length = (int)value;
                    return true;
                }
            }
            catch (AmberException ex)
            {
                throw new AmberException($"Message {index} (at byte {offset}) has a bad length prefix: {ex.Problem}", offset + Math.Max(0, ex.ByteOffset), ex.Fix, ex);
            }
        }

        /// <summary>Reads the payload into <paramref name="buffer"/> (grown as the bytes arrive, so a prefix that lies about a short stream allocates no more than the stream holds).</summary>
        private static void ReadMessagePayload(Stream stream, ref byte[] buffer, int index, long offset, int prefix, int length)
        {
            long left = stream.CanSeek ? stream.Length - stream.Position : long.MaxValue;
            int filled = 0;
            if (left >= length && buffer.Length < length)
            {
                ByteBuffers.Return(buffer);
                buffer = ArrayPool<byte>.Shared.Rent(length);
            }
            while (filled < length && left > 0)
            {
                if (filled == buffer.Length)
                {
                    byte[] more = ArrayPool<byte>.Shared.Rent((int)Math.Min(length, 2L * buffer.Length));
                    buffer.AsSpan(0, filled).CopyTo(more);
                    ByteBuffers.Return(buffer);
                    buffer = more;
                }
                int n = stream.Read(buffer, filled, Math.Min(buffer.Length, length) - filled);
                if (n == 0) break;
                filled += n;
            }
            if (filled < length)
            {
                long present = stream.CanSeek ? Math.Min(left, length) : filled;
                throw new AmberException($"The stream ends inside message {index} (at byte {offset}): its length prefix announces {length} bytes, and {present} follow", offset + prefix + present,
                    "The capture was cut short: keep the messages before it, or capture the connection again.");
            }
        }

        private static AmberException MessageDoesNotRead(int index, long offset, int prefix, Type? type, AmberException ex)
        {
            string what = type == null ? "" : " as " + AmberSerializer.DisplayName(type);
            return new AmberException(
                $"Message {index} (at byte {offset}) does not read{what}: {ex.Problem} (at byte {ex.ByteOffset} of its payload, in {ex.MemberPath})",
                offset + prefix + Math.Max(0, ex.ByteOffset), ex.Fix, ex);
        }

        /// <summary>
        /// The objects and bytes per type in one payload, read as <paramref name="type"/> (a type with generated
        /// code in a loaded assembly) or, when it is null, without a type. Throws <see cref="AmberException"/>
        /// when the payload is not valid.
        /// </summary>
        public static AmberPayloadStats GetStats(ReadOnlySpan<byte> payload, Type? type = null, AmberOptions? options = null)
        {
            var stats = new PayloadStatsBuilder();
            JsonView.WritePayload(payload, type, null, options ?? AmberOptions.Default, stats);   // counts the bytes and the item too
            return stats.Build();
        }

        /// <summary>
        /// Reads a chunked stream frame by frame and checks it: the header, each frame's header, checksum and
        /// decompressed length, and the end frame's totals. When <paramref name="itemType"/> is given, each frame's
        /// items are also read as that type. Problems are reported in <see cref="AmberStreamReport.Error"/>, not thrown.
        /// </summary>
        /// <param name="stream">The stream, at its first byte; read to its end frame or its first error.</param>
        /// <param name="itemType">The item type to check the items against, or null to check the frames only.</param>
        /// <param name="options">Limits and compressors; compressed frames need their compressor in <see cref="AmberInspectorOptions.Compressors"/>.</param>
        /// <param name="progress">Told the stream bytes read after each frame.</param>
        public static AmberStreamReport VerifyStream(Stream stream, Type? itemType = null, AmberInspectorOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            return Walk(stream, itemType, itemType != null, null, null, options ?? AmberInspectorOptions.Default, progress);
        }

        /// <summary>
        /// The objects and bytes per type over all the items of a chunked stream, read as <paramref name="itemType"/>
        /// or without a type. <see cref="AmberPayloadStats.TotalBytes"/> counts the frame bodies after decompression.
        /// Throws <see cref="AmberException"/> at the first damaged frame.
        /// </summary>
        public static AmberPayloadStats GetStreamStats(Stream stream, Type? itemType = null, AmberInspectorOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            var stats = new PayloadStatsBuilder();
            AmberStreamReport report = Walk(stream, itemType, true, null, stats, options ?? AmberInspectorOptions.Default, progress);
            if (report.Error != null) throw report.Error;
            return stats.Build();   // the walker counted each frame's body bytes and items
        }

        /// <summary>
        /// Writes a chunked stream as one JSON object, frame by frame:
        /// <c>{"format":"amber-stream","frames":[{"frame":0,"offset":5,"compression":"lz4","items":…,"rawBytes":…,"storedBytes":…,"checksum":"ok","values":[…]},…],"end":{…}}</c>.
        /// The values are the typed view when <paramref name="itemType"/> is given, the schema-less view otherwise
        /// (<see cref="AmberJson"/>). At the first damaged frame the object ends with <c>"error":{"offset":…,"message":…}</c>
        /// instead of <c>"end"</c>, and the returned report's <see cref="AmberStreamReport.Error"/> says the same.
        /// The writer is flushed after each frame.
        /// </summary>
        public static AmberStreamReport StreamToJson(Stream stream, Utf8JsonWriter writer, Type? itemType = null, AmberInspectorOptions? options = null, IProgress<long>? progress = null)
        {
            if (stream == null) throw new ArgumentNullException(nameof(stream));
            if (writer == null) throw new ArgumentNullException(nameof(writer));
            writer.WriteStartObject();
            writer.WriteString("format", "amber-stream");
            writer.WriteStartArray("frames");
            AmberStreamReport report = Walk(stream, itemType, true, writer, null, options ?? AmberInspectorOptions.Default, progress);
            writer.WriteEndArray();
            if (report.Error == null)
            {
                writer.WriteStartObject("end");
                writer.WriteNumber("offset", report.EndOffset);
                writer.WriteNumber("items", report.Items);
                writer.WriteNumber("frames", report.Frames.Count);
                writer.WriteString("checksum", "ok");
                writer.WriteEndObject();
            }
            else
            {
                WriteError(writer, report.Error, null);
            }
            writer.WriteEndObject();
            writer.Flush();
            return report;
        }

        /// <summary>The <c>"error"</c> object that ends a stream's or connection's JSON at its first problem (with the index of the message that failed).</summary>
        private static void WriteError(Utf8JsonWriter writer, AmberException error, int? messageIndex)
        {
            writer.WriteStartObject("error");
            if (messageIndex is int index) writer.WriteNumber("messageIndex", index);
            writer.WriteNumber("offset", error.ByteOffset);
            writer.WriteString("message", error.Message);
            writer.WriteEndObject();
        }

        /// <summary>
        /// Reads the frames; with <paramref name="walkItems"/>, walks each frame's items (collecting <paramref name="stats"/>)
        /// and, with a <paramref name="writer"/>, writes each frame as a JSON object once its items have walked cleanly,
        /// so a damaged frame never leaves half a value in the JSON.
        /// </summary>
        private static AmberStreamReport Walk(Stream stream, Type? itemType, bool walkItems, Utf8JsonWriter? writer, PayloadStatsBuilder? stats,
            AmberInspectorOptions options, IProgress<long>? progress)
        {
            var frames = new List<AmberFrameInfo>();
            byte[]? scratch = null;
            using var scanner = new FrameScanner(stream, options.Serializer, options.Compressors);
            try
            {
                while (true)
                {
                    ValueTask<bool> read = scanner.ReadFrameAsync(false, default);
                    Debug.Assert(read.IsCompleted, "a read with async false completes before it returns");
                    if (!read.GetAwaiter().GetResult()) break;
                    var frame = new AmberFrameInfo((int)scanner.Index, scanner.FrameStart, scanner.CompressionId, scanner.Compressor?.Name ?? "stored",
                        scanner.Count, scanner.RawLength, scanner.StoredLength);
                    if (walkItems)
                    {
                        ReadOnlySpan<byte> body = Contiguous(scanner.Body, ref scratch);
                        try
                        {
                            JsonView.WriteItems(body, frame.Items, itemType, null, options.Serializer, stats);
                        }
                        catch (AmberException ex)
                        {
                            throw ItemsDoNotRead(frame, itemType, ex);
                        }
                        if (writer != null) WriteFrame(writer, frame, body, itemType, options.Serializer);
                    }
                    frames.Add(frame);
                    progress?.Report(scanner.Position);
                }
                progress?.Report(scanner.Position);
                return new AmberStreamReport(frames, scanner.Position, scanner.Position - FrameFormat.EndLength, null);
            }
            catch (AmberException ex)
            {
                return new AmberStreamReport(frames, scanner.Position, -1, ex);
            }
            finally
            {
                if (scratch != null) ByteBuffers.Return(scratch);
            }
        }

        private static void WriteFrame(Utf8JsonWriter writer, AmberFrameInfo frame, ReadOnlySpan<byte> body, Type? itemType, AmberOptions options)
        {
            writer.WriteStartObject();
            writer.WriteNumber("frame", frame.Index);
            writer.WriteNumber("offset", frame.Offset);
            writer.WriteString("compression", frame.Compression.ToLowerInvariant());
            writer.WriteNumber("items", frame.Items);
            writer.WriteNumber("rawBytes", frame.RawBytes);
            writer.WriteNumber("storedBytes", frame.StoredBytes);
            writer.WriteString("checksum", "ok");
            writer.WriteStartArray("values");
            JsonView.WriteItems(body, frame.Items, itemType, writer, options, null);
            writer.WriteEndArray();
            writer.WriteEndObject();
            writer.Flush();
        }

        private static AmberException ItemsDoNotRead(AmberFrameInfo frame, Type? itemType, AmberException ex)
        {
            string what = itemType == null ? "" : " as " + AmberSerializer.DisplayName(itemType);
            string body = frame.CompressionId == 0 ? "its body" : "its body after decompression";
            return new AmberException(
                $"Frame {frame.Index}'s items do not read{what}: {ex.Problem} (at byte {ex.ByteOffset} of {body}, in {ex.MemberPath})",
                frame.Offset, ex.Fix, ex);
        }

        /// <summary>The body as one span: its own memory when it fits in one segment, else a copy in <paramref name="scratch"/>.</summary>
        private static ReadOnlySpan<byte> Contiguous(SegmentedBuffer body, ref byte[]? scratch)
        {
            ReadOnlySequence<byte> sequence = body.AsSequence();
            if (sequence.IsSingleSegment) return sequence.FirstSpan;
            int length = checked((int)sequence.Length);
            if (scratch == null || scratch.Length < length)
            {
                if (scratch != null) ByteBuffers.Return(scratch);
                scratch = ArrayPool<byte>.Shared.Rent(length);
            }
            sequence.CopyTo(scratch);
            return scratch.AsSpan(0, length);
        }
    }
}
#endif
