#if NET8_0_OR_GREATER
using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;
using Amber.Internal;
using Amber.Json;

namespace Amber
{
    /// <summary>
    /// Looks inside Amber data without the code that wrote it: what a payload holds (objects and bytes per
    /// type), and the frames of a chunked stream (<see cref="AmberStream"/>, <see cref="AmberSnapshot"/> files)
    /// with their checksums, as a report or as JSON. Streams are read one frame at a time, so memory stays
    /// about one frame whatever the size of the stream. This is what the <c>amber</c> command-line tool runs.
    /// </summary>
    public static class AmberInspector
    {
        /// <summary>Whether <paramref name="start"/> (the first bytes of some data) begins a chunked stream ("AMBS") rather than a payload.</summary>
        public static bool IsChunkedStream(ReadOnlySpan<byte> start) => start.StartsWith(FrameFormat.Magic);

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
        /// <param name="options">Limits and codecs; compressed frames need their codec in <see cref="AmberInspectorOptions.Codecs"/>.</param>
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
        /// <c>{"format":"amber-stream","frames":[{"frame":0,"offset":5,"codec":"lz4","items":…,"rawBytes":…,"storedBytes":…,"checksum":"ok","values":[…]},…],"end":{…}}</c>.
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
                writer.WriteStartObject("error");
                writer.WriteNumber("offset", report.Error.ByteOffset);
                writer.WriteString("message", report.Error.Message);
                writer.WriteEndObject();
            }
            writer.WriteEndObject();
            writer.Flush();
            return report;
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
            using var scanner = new FrameScanner(stream, options.Serializer, options.Codecs);
            try
            {
                while (scanner.ReadFrameAsync(false, default).GetAwaiter().GetResult())
                {
                    var frame = new AmberFrameInfo((int)scanner.Index, scanner.FrameStart, scanner.CodecId, scanner.Codec?.Name ?? "stored",
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
                if (scratch != null) ArrayPool<byte>.Shared.Return(scratch);
            }
        }

        private static void WriteFrame(Utf8JsonWriter writer, AmberFrameInfo frame, ReadOnlySpan<byte> body, Type? itemType, AmberOptions options)
        {
            writer.WriteStartObject();
            writer.WriteNumber("frame", frame.Index);
            writer.WriteNumber("offset", frame.Offset);
            writer.WriteString("codec", frame.Codec.ToLowerInvariant());
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
            string body = frame.CodecId == 0 ? "its body" : "its body after decompression";
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
                if (scratch != null) ArrayPool<byte>.Shared.Return(scratch);
                scratch = ArrayPool<byte>.Shared.Rent(length);
            }
            sequence.CopyTo(scratch);
            return scratch.AsSpan(0, length);
        }
    }
}
#endif
