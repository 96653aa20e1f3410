using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Text;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Protocol;

namespace Amber.SignalR
{
    /// <summary>
    /// Reads the body of one frame (after its length prefix). The frame's structure is checked first, every field
    /// and every value's length, so a damaged frame throws before any value is bound; values are then bound to the
    /// types the <see cref="IInvocationBinder"/> gives, and a value that does not bind becomes the binding-failure
    /// message SignalR expects.
    /// </summary>
    internal ref struct AmberFrameReader
    {
        private static readonly UTF8Encoding s_strictUtf8 = new UTF8Encoding(false, true);

        private readonly ReadOnlySpan<byte> _body;
        private readonly int _origin;
        private readonly AmberOptions _options;
        private int _pos;

        /// <summary>A value's place in the body: its payload, or null.</summary>
        private readonly struct Value
        {
            public Value(int start, int length, bool isNull)
            {
                Start = start;
                Length = length;
                IsNull = isNull;
            }

            public int Start { get; }
            public int Length { get; }
            public bool IsNull { get; }
        }

        /// <param name="body">The frame's body: message kind and fields.</param>
        /// <param name="origin">The length of the frame's length prefix, so offsets count from the frame's first byte.</param>
        /// <param name="options">The options values are read with.</param>
        public AmberFrameReader(ReadOnlySpan<byte> body, int origin, AmberOptions options)
        {
            _body = body;
            _origin = origin;
            _options = options;
            _pos = 0;
        }

        public HubMessage Read(IInvocationBinder binder)
        {
            byte kind = ReadByte("message kind");
            switch (kind)
            {
                case AmberFrame.Invocation:
                case AmberFrame.StreamInvocation:
                    return ReadInvocation(binder, kind == AmberFrame.StreamInvocation);
                case AmberFrame.StreamItem:
                {
                    Dictionary<string, string>? headers = ReadHeaders();
                    string id = ReadRequiredString("stream item's invocation id");
                    Value item = ReadValue("stream item");
                    End("StreamItem");
                    object? value;
                    try
                    {
                        value = Bind(item, binder.GetStreamItemType(id), "stream item of stream '" + id + "'");
                    }
                    catch (Exception ex)
                    {
                        return new StreamBindingFailureMessage(id, ExceptionDispatchInfo.Capture(ex));
                    }
                    return WithHeaders(new StreamItemMessage(id, value), headers);
                }
                case AmberFrame.Completion:
                    return ReadCompletion(binder);
                case AmberFrame.CancelInvocation:
                {
                    Dictionary<string, string>? headers = ReadHeaders();
                    string id = ReadRequiredString("cancelled invocation id");
                    End("CancelInvocation");
                    return WithHeaders(new CancelInvocationMessage(id), headers);
                }
                case AmberFrame.Ping:
                    End("Ping");
                    return PingMessage.Instance;
                case AmberFrame.Close:
                {
                    string? error = ReadString("close error");
                    int at = _pos;
                    byte allowReconnect = ReadByte("close allow-reconnect flag");
                    if (allowReconnect > 1) throw AmberFrame.Damaged("the allow-reconnect flag of a Close message is " + allowReconnect + ", not 0 or 1", _origin + at);
                    End("Close");
                    return error == null && allowReconnect == 0 ? CloseMessage.Empty : new CloseMessage(error, allowReconnect == 1);
                }
                case AmberFrame.Ack:
                {
                    long id = ReadSequenceId("Ack");
                    End("Ack");
                    return new AckMessage(id);
                }
                case AmberFrame.Sequence:
                {
                    long id = ReadSequenceId("Sequence");
                    End("Sequence");
                    return new SequenceMessage(id);
                }
                default:
                    throw AmberFrame.Damaged("unknown message kind " + kind + " (the kinds are 1 to 9)", _origin);
            }
        }

        private HubMessage ReadInvocation(IInvocationBinder binder, bool stream)
        {
            string what = stream ? "StreamInvocation" : "Invocation";
            Dictionary<string, string>? headers = ReadHeaders();
            string? id = stream ? ReadRequiredString("stream invocation id") : ReadString("invocation id");
            string target = ReadRequiredString("target method name");
            int count = ReadCount("argument count", 1);
            var values = count == 0 ? Array.Empty<Value>() : new Value[count];
            for (int i = 0; i < count; i++) values[i] = ReadValue("argument " + (i + 1));
            int streamCount = ReadCount("stream id count", 1);
            string[]? streamIds = streamCount == 0 ? null : new string[streamCount];
            for (int i = 0; i < streamCount; i++) streamIds![i] = ReadRequiredString("stream id");
            End(what);

            object?[] arguments;
            try
            {
                IReadOnlyList<Type> types = binder.GetParameterTypes(target);
                if (types.Count != count)
                    throw new AmberException(
                        "The " + what + " of '" + target + "' carries " + count + " argument(s) but the method takes " + types.Count + ".",
                        -1, "Call the method with the arguments it declares (streams and CancellationToken parameters are not counted).");
                arguments = count == 0 ? Array.Empty<object?>() : new object?[count];
                for (int i = 0; i < count; i++)
                    arguments[i] = Bind(values[i], types[i], "argument " + (i + 1) + " of '" + target + "'");
            }
            catch (Exception ex)
            {
                return new InvocationBindingFailureMessage(id ?? "", target, ExceptionDispatchInfo.Capture(ex));
            }
            HubMethodInvocationMessage message = stream
                ? new StreamInvocationMessage(id!, target, arguments, streamIds)
                : new InvocationMessage(id, target, arguments, streamIds);
            return WithHeaders(message, headers);
        }

        private CompletionMessage ReadCompletion(IInvocationBinder binder)
        {
            Dictionary<string, string>? headers = ReadHeaders();
            string id = ReadRequiredString("completed invocation id");
            int at = _pos;
            byte kind = ReadByte("completion kind");
            switch (kind)
            {
                case AmberFrame.CompletionError:
                {
                    string error = ReadRequiredString("completion error");
                    End("Completion");
                    return WithHeaders(CompletionMessage.WithError(id, error), headers);
                }
                case AmberFrame.CompletionVoid:
                    End("Completion");
                    return WithHeaders(CompletionMessage.Empty(id), headers);
                case AmberFrame.CompletionResult:
                {
                    Value result = ReadValue("completion result");
                    End("Completion");
                    Type? type;
                    try
                    {
                        type = binder.GetReturnType(id);
                    }
                    catch (Exception)
                    {
                        // No invocation waits for this id (it was cancelled, or never made): SignalR drops the completion.
                        return WithHeaders(CompletionMessage.Empty(id), headers);
                    }
                    try
                    {
                        object? value = Bind(result, type, "result of invocation '" + id + "'");
                        return WithHeaders(CompletionMessage.WithResult(id, value), headers);
                    }
                    catch (Exception ex)
                    {
                        return WithHeaders(CompletionMessage.WithError(id, "The result could not be read as " + NameOf(type, full: false) + ": " + ex.Message), headers);
                    }
                }
                default:
                    throw AmberFrame.Damaged("unknown completion kind " + kind + " (1 error, 2 no result, 3 result)", _origin + at);
            }
        }

        private object? Bind(Value value, Type type, string what)
        {
            if (value.IsNull)
            {
                if (type.IsValueType && Nullable.GetUnderlyingType(type) == null)
                    throw new AmberException("The " + what + " is null, which " + type.Name + " cannot hold.", -1, "Send a value, or declare the parameter nullable.");
                return null;
            }
            ReadOnlySpan<byte> payload = _body.Slice(value.Start, value.Length);
            if (type == typeof(RawResult)) return new RawResult(new System.Buffers.ReadOnlySequence<byte>(payload.ToArray()));
            // A T? reaches the writer boxed, as a T or null, and is written as a T (null is the value's own 0): a declared
            // T? reads that T, and a boxed T is what a T? parameter, result or handler takes.
            Type read = Nullable.GetUnderlyingType(type) ?? type;
            try
            {
                return AmberSerializer.Deserialize(payload, read, _options);
            }
            catch (AmberException ex)
            {
                // The inner problem with its place, without its fix: the fix is this exception's own, said once.
                string problem = ex.Problem + (ex.ByteOffset >= 0 ? " (at byte offset " + ex.ByteOffset + ")" : "") + (ex.MemberPath == "$" ? "" : " in " + ex.MemberPath);
                string? fix = ex.Fix;
                if (type.IsInterface || type.IsAbstract)
                    fix = "A value sent where " + type.Name + " is declared must carry its type's tag: send a class that has generated code " +
                          "(a struct, or a class with neither a registered base nor an interface of the application, is written without it)." +
                          (fix == null ? "" : " " + fix);
                throw new AmberException("The " + what + " could not be read as " + NameOf(type, full: true) + ": " + problem, -1, fix, ex);
            }
        }

        /// <summary>A type's name in a message: <c>System.Int32?</c>, not <c>System.Nullable`1[[…]]</c>.</summary>
        private static string NameOf(Type type, bool full)
        {
            Type? underlying = Nullable.GetUnderlyingType(type);
            Type named = underlying ?? type;
            return (full ? named.FullName ?? named.Name : named.Name) + (underlying != null ? "?" : "");
        }

        private static T WithHeaders<T>(T message, Dictionary<string, string>? headers) where T : HubMessage
        {
            if (headers != null && message is HubInvocationMessage invocation) invocation.Headers = headers;
            return message;
        }

        private void End(string what)
        {
            if (_pos != _body.Length)
                throw AmberFrame.Damaged((_body.Length - _pos) + " byte(s) left over after the fields of a " + what + " message", _origin + _pos);
        }

        private byte ReadByte(string what)
        {
            if (_pos >= _body.Length) throw AmberFrame.Damaged("the frame ends before its " + what, _origin + _pos);
            return _body[_pos++];
        }

        private ulong ReadVarint(string what, int maxBytes)
        {
            int start = _pos;
            ulong value = 0;
            for (int i = 0; i < maxBytes; i++)
            {
                byte b = ReadByte(what);
                value |= (ulong)(b & 0x7F) << (7 * i);
                if ((b & 0x80) == 0) return value;
            }
            throw AmberFrame.Damaged("the " + what + " runs past " + maxBytes + " varint bytes", _origin + start);
        }

        /// <summary>A count of items of at least <paramref name="minItemBytes"/> each: never more than the bytes left can hold.</summary>
        private int ReadCount(string what, int minItemBytes)
        {
            int start = _pos;
            ulong count = ReadVarint(what, 5);
            if (count > (ulong)((_body.Length - _pos) / minItemBytes))
                throw AmberFrame.Damaged("the " + what + " is " + count + ", more than the " + (_body.Length - _pos) + " byte(s) left can hold", _origin + start);
            return (int)count;
        }

        private long ReadSequenceId(string what)
        {
            int start = _pos;
            ulong id = ReadVarint(what + " sequence id", 10);
            if (id > long.MaxValue) throw AmberFrame.Damaged("the " + what + " sequence id " + id + " is out of range", _origin + start);
            return (long)id;
        }

        private string? ReadString(string what)
        {
            int start = _pos;
            ulong n = ReadVarint(what + " length", 5);
            if (n == 0) return null;
            ulong length = n - 1;
            if (length > (ulong)(_body.Length - _pos))
                throw AmberFrame.Damaged("the " + what + " is " + length + " bytes long, but only " + (_body.Length - _pos) + " are left", _origin + start);
            ReadOnlySpan<byte> bytes = _body.Slice(_pos, (int)length);
            _pos += (int)length;
            try
            {
                return s_strictUtf8.GetString(bytes);
            }
            catch (DecoderFallbackException)
            {
                throw AmberFrame.Damaged("the " + what + " is not valid UTF-8", _origin + start);
            }
        }

        private string ReadRequiredString(string what)
        {
            int start = _pos;
            return ReadString(what) ?? throw AmberFrame.Damaged("the " + what + " is null", _origin + start);
        }

        private Dictionary<string, string>? ReadHeaders()
        {
            int count = ReadCount("header count", 2);
            if (count == 0) return null;
            var headers = new Dictionary<string, string>(count, StringComparer.Ordinal);
            for (int i = 0; i < count; i++)
            {
                int start = _pos;
                string key = ReadRequiredString("header name");
                string value = ReadRequiredString("header value");
                if (!headers.TryAdd(key, value)) throw AmberFrame.Damaged("the header '" + key + "' appears twice", _origin + start);
            }
            return headers;
        }

        private Value ReadValue(string what)
        {
            int start = _pos;
            ulong n = ReadVarint(what + " length", 5);
            if (n == 0) return new Value(_pos, 0, true);
            ulong length = n - 1;
            if (length == 0) throw AmberFrame.Damaged("the " + what + " is an empty payload (an Amber payload has at least its header byte)", _origin + start);
            if (length > (ulong)(_body.Length - _pos))
                throw AmberFrame.Damaged("the " + what + " is " + length + " bytes long, but only " + (_body.Length - _pos) + " are left", _origin + start);
            var value = new Value(_pos, (int)length, false);
            _pos += (int)length;
            return value;
        }
    }
}
