using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Amber.SignalR
{
    /// <summary>
    /// Writes one hub message as a frame: the body is written to a buffer the thread keeps, then copied to the
    /// output behind its length prefix. Each value goes through a second kept buffer, for its own length prefix.
    /// </summary>
    internal static class AmberFrameWriter
    {
        /// <summary>A kept buffer that grew past this is dropped after use, so one large message does not pin its memory.</summary>
        private const int KeepLimit = 1024 * 1024;

        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static ArrayBufferWriter<byte>? t_body;
        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")] private static ArrayBufferWriter<byte>? t_value;

        public static void Write(HubMessage message, IBufferWriter<byte> output, AmberOptions options)
        {
            ArrayBufferWriter<byte> body = t_body ?? new ArrayBufferWriter<byte>(256);
            t_body = null; // taken: a value's formatter that wrote a message of its own would get a fresh one
            try
            {
                WriteBody(message, body, options);
                AmberFrame.WriteVarint(output, (ulong)body.WrittenCount);
                output.Write(body.WrittenSpan);
            }
            finally
            {
                if (body.Capacity <= KeepLimit)
                {
                    body.ResetWrittenCount();
                    t_body = body;
                }
            }
        }

        private static void WriteBody(HubMessage message, ArrayBufferWriter<byte> w, AmberOptions options)
        {
            switch (message)
            {
                case HubMethodInvocationMessage m:
                    // An invocation and a stream invocation have one layout; the kind byte tells them apart.
                    Byte(w, m is StreamInvocationMessage ? AmberFrame.StreamInvocation : AmberFrame.Invocation);
                    WriteHeaders(w, m.Headers);
                    WriteString(w, m.InvocationId);
                    WriteString(w, m.Target);
                    WriteArguments(w, m.Arguments, options);
                    WriteStreamIds(w, m.StreamIds);
                    break;
                case StreamItemMessage m:
                    Byte(w, AmberFrame.StreamItem);
                    WriteHeaders(w, m.Headers);
                    WriteString(w, m.InvocationId);
                    WriteValue(w, m.Item, options);
                    break;
                case CompletionMessage m:
                    Byte(w, AmberFrame.Completion);
                    WriteHeaders(w, m.Headers);
                    WriteString(w, m.InvocationId);
                    if (m.Error != null)
                    {
                        Byte(w, AmberFrame.CompletionError);
                        WriteString(w, m.Error);
                    }
                    else if (m.HasResult)
                    {
                        Byte(w, AmberFrame.CompletionResult);
                        WriteValue(w, m.Result, options);
                    }
                    else
                    {
                        Byte(w, AmberFrame.CompletionVoid);
                    }
                    break;
                case CancelInvocationMessage m:
                    Byte(w, AmberFrame.CancelInvocation);
                    WriteHeaders(w, m.Headers);
                    WriteString(w, m.InvocationId);
                    break;
                case PingMessage:
                    Byte(w, AmberFrame.Ping);
                    break;
                case CloseMessage m:
                    Byte(w, AmberFrame.Close);
                    WriteString(w, m.Error);
                    Byte(w, m.AllowReconnect ? (byte)1 : (byte)0);
                    break;
                case AckMessage m:
                    Byte(w, AmberFrame.Ack);
                    AmberFrame.WriteVarint(w, (ulong)m.SequenceId);
                    break;
                case SequenceMessage m:
                    Byte(w, AmberFrame.Sequence);
                    AmberFrame.WriteVarint(w, (ulong)m.SequenceId);
                    break;
                default:
                    throw new ArgumentException("The 'amber' hub protocol has no frame for a " + message.GetType().Name + ".", nameof(message));
            }
        }

        private static void Byte(ArrayBufferWriter<byte> w, byte value)
        {
            w.GetSpan(1)[0] = value;
            w.Advance(1);
        }

        private static void WriteString(IBufferWriter<byte> w, string? value)
        {
            if (value == null)
            {
                AmberFrame.WriteVarint(w, 0);
                return;
            }
            int length = Encoding.UTF8.GetByteCount(value);
            AmberFrame.WriteVarint(w, (ulong)length + 1);
            Span<byte> span = w.GetSpan(length);
            Encoding.UTF8.GetBytes(value, span);
            w.Advance(length);
        }

        private static void WriteHeaders(IBufferWriter<byte> w, IDictionary<string, string>? headers)
        {
            if (headers == null || headers.Count == 0)
            {
                AmberFrame.WriteVarint(w, 0);
                return;
            }
            AmberFrame.WriteVarint(w, (ulong)headers.Count);
            foreach (KeyValuePair<string, string> header in headers)
            {
                WriteString(w, header.Key);
                WriteString(w, header.Value);
            }
        }

        private static void WriteStreamIds(IBufferWriter<byte> w, string[]? ids)
        {
            if (ids == null)
            {
                AmberFrame.WriteVarint(w, 0);
                return;
            }
            AmberFrame.WriteVarint(w, (ulong)ids.Length);
            foreach (string id in ids) WriteString(w, id);
        }

        private static void WriteArguments(IBufferWriter<byte> w, object?[]? arguments, AmberOptions options)
        {
            if (arguments == null)
            {
                AmberFrame.WriteVarint(w, 0);
                return;
            }
            AmberFrame.WriteVarint(w, (ulong)arguments.Length);
            foreach (object? argument in arguments) WriteValue(w, argument, options);
        }

        /// <summary>A value: 0 for null, else its payload's length + 1 and the Amber payload, written as <see cref="AmberValueTypes.WireType"/> says.</summary>
        private static void WriteValue(IBufferWriter<byte> w, object? value, AmberOptions options)
        {
            if (value == null)
            {
                AmberFrame.WriteVarint(w, 0);
                return;
            }
            if (value is RawResult raw)
            {
                // A client result forwarded between servers as the bytes its client sent.
                AmberFrame.WriteVarint(w, (ulong)raw.RawSerializedData.Length + 1);
                foreach (ReadOnlyMemory<byte> segment in raw.RawSerializedData) w.Write(segment.Span);
                return;
            }
            ArrayBufferWriter<byte> payload = t_value ?? new ArrayBufferWriter<byte>(256);
            t_value = null;
            try
            {
                Type wire = AmberValueTypes.WireType(value.GetType());
                if (wire == typeof(object)) AmberSerializer.Serialize<object>(payload, value, options);   // with its type's tag
                else AmberSerializer.Serialize(payload, value, wire, options);
                AmberFrame.WriteVarint(w, (ulong)payload.WrittenCount + 1);
                w.Write(payload.WrittenSpan);
            }
            finally
            {
                if (payload.Capacity <= KeepLimit)
                {
                    payload.ResetWrittenCount();
                    t_value = payload;
                }
            }
        }
    }
}
