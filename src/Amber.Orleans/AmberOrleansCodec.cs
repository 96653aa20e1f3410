using System;
using System.Buffers;
using System.CodeDom.Compiler;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Reflection;
using Amber.Metadata;
using Orleans;
using Orleans.Metadata;
using Orleans.Runtime;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.Cloning;
using Orleans.Serialization.Codecs;
using Orleans.Serialization.Serializers;
using Orleans.Serialization;
using Orleans.Serialization.WireProtocol;
using OrleansWireType = Orleans.Serialization.WireProtocol.WireType;

namespace Amber.Orleans
{
    /// <summary>
    /// Orleans' codec, deep copier and type filter for the types Amber serves: each value is one length-prefixed
    /// Orleans field whose header names the value's runtime type (Orleans' own type encoding, resolved through
    /// Orleans' type filters) and whose body is one Amber payload of that type. Added by
    /// <see cref="AmberSerializerBuilderExtensions.AddAmberSerializer(global::Orleans.Serialization.ISerializerBuilder, Func{Type, bool}?, AmberOptions?)"/>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Orleans asks its own codecs first (the ones its code generator writes for <c>[GenerateSerializer]</c> types,
    /// and its built-in ones for primitives, strings, arrays and the BCL collections), then this codec. A
    /// <c>List&lt;Order&gt;</c> is therefore written by Orleans' list codec, which calls back here for each
    /// <c>Order</c>. An abstract base or interface Amber serves is taken too: its formatter tags the concrete type
    /// inside the payload, so a subtype needs no formatter (nor Orleans type name) of its own.
    /// </para>
    /// <para>
    /// Shared references follow Orleans' reference tracking: the same object passed twice in one message is written
    /// once and read back as one object. Inside one Amber payload, references follow Amber's own rules (see
    /// <see cref="AmberPreserveReferencesAttribute"/>).
    /// </para>
    /// <para>
    /// The field is written with Orleans' <c>LengthPrefixed</c> wire type, so a reader that does not
    /// know the field skips it as it skips any unknown field; the type in its header is always written (Orleans'
    /// session caches it, so a type repeated within one message costs a small reference).
    /// </para>
    /// </remarks>
    public sealed class AmberOrleansCodec : IGeneralizedCodec, IGeneralizedCopier, ITypeFilter
    {
        private readonly Func<Type, bool>? _isSupported;
        private readonly ConcurrentDictionary<Type, Type?> _payloadTypes = new ConcurrentDictionary<Type, Type?>();

        [ThreadStatic, SuppressMessage("Style", "IDE1006:Naming Styles", Justification = "t_ marks a thread-static field.")]
        private static ArrayBufferWriter<byte>? t_buffer;

        /// <summary>A codec for the types <paramref name="isSupported"/> accepts among those Amber has a formatter for.</summary>
        /// <param name="isSupported">
        /// Which types this codec writes and copies, or null for <see cref="IsAmberType"/>. It is asked only about
        /// types that are neither grain references nor arrays, and only types Amber has a formatter for (or a base
        /// type's formatter, for a subtype) are ever taken, whatever it answers. A subtype travels through a base class
        /// or interface only when this predicate accepts that base too (the header names the base, which the reader checks).
        /// </param>
        /// <param name="options">The Amber options for every value, or null for <see cref="AmberOptions.Default"/>.</param>
        public AmberOrleansCodec(Func<Type, bool>? isSupported = null, AmberOptions? options = null)
        {
            _isSupported = isSupported;
            Options = AmberSupport.Options(options);
        }

        /// <summary>The Amber options every value is written and read with.</summary>
        public AmberOptions Options { get; }

        /// <summary>
        /// Whether this codec writes, reads and copies values of <paramref name="type"/>: a type that is not a grain
        /// reference (<see cref="IAddressable"/>) nor an array, that the codec's predicate accepts, and that Amber has a
        /// formatter for, itself or through a base class or interface Amber serves polymorphically (a subtype the
        /// generator found under a base type named in a grain interface).
        /// </summary>
        /// <param name="type">The type Orleans asks about.</param>
        /// <returns>True when Amber's codec handles <paramref name="type"/>.</returns>
        public bool Handles(Type type)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            return PayloadType(type) != null;
        }

        /// <summary>The type whose Amber formatter writes values of <paramref name="type"/>, or null when this codec does not handle it.</summary>
        private Type? PayloadType(Type type)
        {
            if (_payloadTypes.TryGetValue(type, out Type? known)) return known;
            return _payloadTypes.GetOrAdd(type, Decide(type));
        }

        private Type? Decide(Type type)
        {
            if (type.IsArray || type.IsPointer || type.IsByRef || type.ContainsGenericParameters) return null;
            if (typeof(IAddressable).IsAssignableFrom(type)) return null;
            if (!(_isSupported ?? IsAmberType)(type)) return null;
            if (AmberFormatterRegistry.IsRegistered(type)) return type;
            // A subtype with no formatter of its own is written through the nearest base (then interface) that Amber
            // serves: that formatter tags the concrete type inside the payload, and reads it back as that type.
            // A candidate is taken only if this codec handles it as itself (the same predicate, the same guards), so the
            // reader, which checks the type named in the header the same way, takes what the writer wrote.
            for (Type? b = type.BaseType; b != null && b != typeof(object) && b != typeof(ValueType); b = b.BaseType)
            {
                if (PayloadType(b) == b) return b;
            }
            foreach (Type i in type.GetInterfaces())
            {
                if (PayloadType(i) == i) return i;
            }
            return null;
        }

        /// <summary>
        /// The default choice of types: those Orleans does not already serialize natively. False for types Orleans'
        /// code generator serves (<c>[GenerateSerializer]</c>, and code it generated), for types of Orleans' own
        /// assemblies, and for types of the .NET libraries (primitives, strings, collections, tuples, <c>Nullable&lt;T&gt;</c>:
        /// Orleans' codecs keep those and call back for their elements); true for everything else. Amber must also
        /// have a formatter for the type, which <see cref="Handles"/> checks.
        /// </summary>
        /// <param name="type">A concrete type.</param>
        /// <returns>True when the type is left to Amber by default.</returns>
        public static bool IsAmberType(Type type)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (type.GetCustomAttribute<GenerateSerializerAttribute>(inherit: false) != null) return false;
            foreach (GeneratedCodeAttribute generated in type.GetCustomAttributes<GeneratedCodeAttribute>(inherit: false))
            {
                if (generated.Tool == "OrleansCodeGen") return false;
            }
            Assembly assembly = type.Assembly;
            if (assembly.GetCustomAttribute<FrameworkPartAttribute>() != null) return false;
            if (assembly == typeof(object).Assembly) return false;
            string? name = assembly.GetName().Name;
            if (name != null && (name == "netstandard" || name == "mscorlib" || name.StartsWith("System.", StringComparison.Ordinal) || name.StartsWith("Microsoft.", StringComparison.Ordinal))) return false;
            return true;
        }

        bool IGeneralizedCodec.IsSupportedType(Type type) => Handles(type);

        bool IGeneralizedCopier.IsSupportedType(Type type) => Handles(type);

        /// <summary>Allows the types this codec handles (and Amber's exceptions) when Orleans reads a type name from the wire; no opinion on the others.</summary>
        bool? ITypeFilter.IsTypeAllowed(Type type) => Handles(type) || AmberExceptionCodec.IsCarried(type) ? true : null;

        void IFieldCodec.WriteField<TBufferWriter>(ref Writer<TBufferWriter> writer, uint fieldIdDelta, Type? expectedType, object? value)
        {
            if (ReferenceCodec.TryWriteReferenceField(ref writer, fieldIdDelta, expectedType, value)) return;

            Type type = PayloadType(value.GetType()) ?? throw new AmberException(
                "Amber's codec was handed a " + value.GetType().FullName + ", which it does not handle", -1,
                "Register Amber's codec for the same types on every silo and client, and give the type a formatter ([AmberRoot] or [assembly: AmberSerializable]).");
            ArrayBufferWriter<byte> buffer = t_buffer ??= new ArrayBufferWriter<byte>(256);
            buffer.Clear();
            try
            {
                AmberSerializer.Serialize(buffer, value, type, Options);
            }
            catch (AmberException ex)
            {
                throw new AmberOrleansException(ex, type, AmberOrleansValueKind.Message);
            }

            // The header always names the payload's type (no expected type is passed on): Orleans hands the reader the
            // type from the header only, so a field of the declared type must still say what it holds.
            writer.WriteFieldHeader(fieldIdDelta, expectedType: null, type, OrleansWireType.LengthPrefixed);
            writer.WriteVarUInt32((uint)buffer.WrittenCount);
            writer.Write(buffer.WrittenSpan);
            if (buffer.Capacity > 1 << 20) t_buffer = null;
        }

        object? IFieldCodec.ReadValue<TInput>(ref Reader<TInput> reader, Field field)
        {
            if (field.IsReference) return ReferenceCodec.ReadReference(ref reader, field.FieldType);

            Type? type = field.HasExtendedSchemaType ? field.FieldType : null;
            if (field.WireType != OrleansWireType.LengthPrefixed || type == null)
            {
                throw new AmberException(
                    "An Orleans field of " + (type?.FullName ?? "an unnamed type") + " reached Amber's codec as " + field.WireType
                    + (type == null ? " without a type in its header" : "") + ", but Amber's codec writes each value as a length-prefixed field naming its type",
                    reader.Position,
                    "The sender serialized this type with another codec: register Amber's codec for the same types on every silo and client (AddAmberSerializer with the same isSupported).");
            }

            if (PayloadType(type) != type)
            {
                // Orleans hands a field to the codec of its declared type whatever its header names: take only a type
                // this codec itself would have written, so a crafted header cannot make Amber read some other type.
                throw new AmberException(
                    "An Orleans field names " + type.FullName + ", which Amber's codec does not write", reader.Position,
                    "Register Amber's codec with the same isSupported on every silo and client; otherwise the message is damaged or crafted.");
            }

            long at = Offset(ref reader);
            object? result;
            try
            {
                uint length = ReadLength(ref reader, at);
                // The length comes from the wire: check it against the limit and against what the message still holds
                // before any buffer of that size is taken.
                long limit = Math.Min(Options.MaxInputBytes, int.MaxValue);
                if (length > limit)
                {
                    AmberThrow.LimitExceeded(at, "An Amber payload's length in bytes (an Orleans field's length prefix)", length, limit, nameof(AmberOptions.MaxInputBytes));
                }
                long remaining = Remaining(ref reader);
                if (length > remaining)
                {
                    throw new AmberException(
                        "An Orleans field claims an Amber payload of " + length + " bytes, but only " + remaining + " remain in the message", at,
                        "The message was cut short, is damaged, or is crafted to exhaust memory; check that the whole message was received.");
                }
                result = ReadPayload(ref reader, (int)length, remaining != long.MaxValue, type);
            }
            catch (AmberException ex)
            {
                throw new AmberOrleansException(ex, type, AmberOrleansValueKind.Message);
            }

            // The writer sends null as Orleans' null field (TryWriteReferenceField), never as a payload; a null here
            // would leave no object under the reference id the writer gave this field, and every later back-reference
            // in the message would resolve to the wrong object.
            if (result is null)
            {
                throw new AmberOrleansException(
                    new AmberException("An Orleans field holds a null Amber payload, which Amber's codec never writes (it writes null as Orleans' null field)", at,
                        "The bytes were not written by this codec: register Amber's codec for the same types on every silo and client; otherwise the message is damaged or crafted."),
                    type, AmberOrleansValueKind.Message);
            }

            // The writer gave this value a reference id (TryWriteReferenceField); record it under the same id.
            ReferenceCodec.RecordObject(reader.Session, result);
            return result;
        }

        /// <summary>Where <paramref name="reader"/> is in the message, for an error message, or -1 when the input cannot tell (a stream that cannot say its position).</summary>
        private static long Offset<TInput>(ref Reader<TInput> reader)
        {
            try
            {
                return reader.Position;
            }
            catch (NotSupportedException)
            {
                return -1;
            }
        }

        /// <summary>The bytes left in <paramref name="reader"/>'s input, or <see cref="long.MaxValue"/> when the input cannot tell (a stream that cannot seek).</summary>
        private static long Remaining<TInput>(ref Reader<TInput> reader)
        {
            try
            {
                return reader.Remaining;
            }
            catch (NotSupportedException)
            {
                return long.MaxValue;
            }
        }

        /// <summary>
        /// Reads one payload of <paramref name="length"/> bytes: in place when the input holds it in one span; otherwise
        /// copied out, into a buffer of that size when the input is known to hold that many bytes, and in growing
        /// steps when it cannot tell (so a false length costs no more memory than the bytes that really arrive).
        /// </summary>
        private object? ReadPayload<TInput>(ref Reader<TInput> reader, int length, bool lengthKnownPresent, Type type)
        {
            if (reader.TryReadBytes(length, out ReadOnlySpan<byte> span))
            {
                return AmberSerializer.Deserialize(span, type, Options);
            }

            long at = Offset(ref reader);
            if (lengthKnownPresent)
            {
                byte[] rented = ArrayPool<byte>.Shared.Rent(length);
                try
                {
                    ReadBytes(ref reader, new Span<byte>(rented, 0, length), at, length);
                    return AmberSerializer.Deserialize(new ReadOnlySpan<byte>(rented, 0, length), type, Options);
                }
                finally
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }

            var grown = new ArrayBufferWriter<byte>(Math.Clamp(length, 1, 4096));
            while (grown.WrittenCount < length)
            {
                Span<byte> chunk = grown.GetSpan(Math.Min(length - grown.WrittenCount, Math.Max(grown.WrittenCount, 4096)));
                if (chunk.Length > length - grown.WrittenCount) chunk = chunk.Slice(0, length - grown.WrittenCount);
                ReadBytes(ref reader, chunk, at, length);
                grown.Advance(chunk.Length);
            }
            return AmberSerializer.Deserialize(grown.WrittenSpan, type, Options);
        }

        /// <summary>Reads a field's length prefix; the input ending inside it is an <see cref="AmberException"/>.</summary>
        private static uint ReadLength<TInput>(ref Reader<TInput> reader, long at)
        {
            try
            {
                return reader.ReadVarUInt32();
            }
            catch (Exception ex) when (IsEndOfInput(ex))
            {
                throw new AmberException("An Orleans field of Amber's codec ends inside its length prefix", at,
                    "The message was cut short or is damaged; check that the whole message was received.", ex);
            }
        }

        /// <summary>How Orleans' readers report input that ends early (or a span asked past its end).</summary>
        private static bool IsEndOfInput(Exception ex) =>
            ex is InvalidOperationException || ex is ArgumentException || ex is EndOfStreamException || ex is IOException;

        /// <summary>Fills <paramref name="destination"/> from the input; the input ending early is an <see cref="AmberException"/>.</summary>
        private static void ReadBytes<TInput>(ref Reader<TInput> reader, Span<byte> destination, long at, int length)
        {
            try
            {
                reader.ReadBytes(destination);
            }
            catch (Exception ex) when (IsEndOfInput(ex))
            {
                throw new AmberException(
                    "An Orleans field claims an Amber payload of " + length + " bytes, but the message ended before them", at,
                    "The message was cut short or is damaged; check that the whole message was received.", ex);
            }
        }

        /// <summary>
        /// A deep copy, by writing <paramref name="input"/> as an Amber payload and reading it back: no member of the
        /// copy is shared with the original. Orleans copies the arguments and results of calls between grains of one silo.
        /// </summary>
        [return: NotNullIfNotNull(nameof(input))]
        object? IDeepCopier.DeepCopy(object? input, CopyContext context)
        {
            if (input is null) return null;
            if (context.TryGetCopy(input, out object? existing)) return existing!;

            Type type = PayloadType(input.GetType()) ?? input.GetType();
            ArrayBufferWriter<byte> buffer = t_buffer ??= new ArrayBufferWriter<byte>(256);
            buffer.Clear();
            object copy;
            try
            {
                AmberSerializer.Serialize(buffer, input, type, Options);
                copy = AmberSerializer.Deserialize(buffer.WrittenSpan, type, Options)!;
            }
            catch (AmberException ex)
            {
                throw new AmberOrleansException(ex, type, AmberOrleansValueKind.Copy);
            }
            if (buffer.Capacity > 1 << 20) t_buffer = null;
            context.RecordCopy(input, copy);
            return copy;
        }
    }
}
