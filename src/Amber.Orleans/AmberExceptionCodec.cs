using System;
using System.Diagnostics.CodeAnalysis;
using Orleans.Serialization;
using Orleans.Serialization.Buffers;
using Orleans.Serialization.Cloning;
using Orleans.Serialization.Codecs;
using Orleans.Serialization.Serializers;
using Orleans.Serialization.WireProtocol;
using OrleansWireType = Orleans.Serialization.WireProtocol.WireType;

namespace Amber.Orleans
{
    /// <summary>
    /// Carries an <see cref="AmberException"/> or <see cref="AmberOrleansException"/> from a silo to the caller (a grain
    /// whose state could not be read, a call whose arguments could not be read), with its problem, byte offset, fix and
    /// member path, so the caller sees Amber's message. Orleans' own exception codec takes only exceptions of the
    /// namespaces it is configured for, and rebuilds them without running a constructor, which would leave an
    /// exception whose message is made from its properties empty.
    /// </summary>
    /// <remarks>
    /// The value type of an <see cref="AmberOrleansException"/> travels as Amber's registered name of that type and is
    /// found again among registered types only (<see cref="AmberKnownTypes.TryGetType"/>): no type is loaded from the
    /// wire. When the reader does not know it, the caller gets an <see cref="AmberException"/> with the same message.
    /// Exceptions are immutable once thrown, so the copy of one is itself.
    /// </remarks>
    internal sealed class AmberExceptionCodec : IGeneralizedCodec, IGeneralizedCopier
    {
        public static bool IsCarried(Type type) => type == typeof(AmberException) || type == typeof(AmberOrleansException);

        public bool IsSupportedType(Type type) => IsCarried(type);

        [return: NotNullIfNotNull(nameof(input))]
        public object? DeepCopy(object? input, CopyContext context) => input;

        void IFieldCodec.WriteField<TBufferWriter>(ref Writer<TBufferWriter> writer, uint fieldIdDelta, Type? expectedType, object? value)
        {
            if (ReferenceCodec.TryWriteReferenceField(ref writer, fieldIdDelta, expectedType, value)) return;
            var ex = (AmberException)value;
            writer.WriteFieldHeader(fieldIdDelta, expectedType, value.GetType(), OrleansWireType.TagDelimited);
            StringCodec.WriteField(ref writer, 0, ex.Problem);
            Int64Codec.WriteField(ref writer, 1, ex.ByteOffset);
            StringCodec.WriteField(ref writer, 1, ex.Fix);
            StringCodec.WriteField(ref writer, 1, ex.MemberPath);
            var orleans = ex as AmberOrleansException;
            string? name = orleans == null ? null
                : AmberKnownTypes.TryGetName(orleans.ValueType, out string? known) ? known : orleans.ValueType.FullName ?? orleans.ValueType.Name;
            StringCodec.WriteField(ref writer, 1, name);
            UInt32Codec.WriteField(ref writer, 1, orleans == null ? 0u : (uint)orleans.Kind);
            StringCodec.WriteField(ref writer, 1, ex.StackTrace);
            writer.WriteEndObject();
        }

        object? IFieldCodec.ReadValue<TInput>(ref Reader<TInput> reader, Field field)
        {
            if (field.IsReference) return ReferenceCodec.ReadReference(ref reader, field.FieldType);
            field.EnsureWireTypeTagDelimited();
            uint placeholder = ReferenceCodec.CreateRecordPlaceholder(reader.Session);

            string? problem = null, fix = null, path = null, typeName = null, remoteStack = null;
            long offset = -1;
            uint kind = 0;
            uint id = 0;
            while (true)
            {
                Field header = reader.ReadFieldHeader();
                if (header.IsEndBaseOrEndObject) break;
                id += header.FieldIdDelta;
                switch (id)
                {
                    case 0: problem = StringCodec.ReadValue(ref reader, header); break;
                    case 1: offset = Int64Codec.ReadValue(ref reader, header); break;
                    case 2: fix = StringCodec.ReadValue(ref reader, header); break;
                    case 3: path = StringCodec.ReadValue(ref reader, header); break;
                    case 4: typeName = StringCodec.ReadValue(ref reader, header); break;
                    case 5: kind = UInt32Codec.ReadValue(ref reader, header); break;
                    case 6: remoteStack = StringCodec.ReadValue(ref reader, header); break;
                    default: reader.ConsumeUnknownField(header); break;
                }
            }

            var inner = new AmberException(problem ?? "An Amber failure on the remote side", offset, fix);
            if (path != null && path != "$") inner.SetRoot(path);
            AmberException result = inner;
            if (typeName != null)
            {
                if (AmberKnownTypes.TryGetType(typeName, out Type? valueType))
                {
                    result = new AmberOrleansException(inner, valueType, (AmberOrleansValueKind)kind);
                }
                else
                {
                    // The caller does not know the value's type: the same message, on a plain AmberException.
                    string prefix = kind == (uint)AmberOrleansValueKind.GrainState ? "Orleans grain state of type '" : "Orleans value of type '";
                    result = new AmberException(prefix + typeName + "': " + inner.Problem, offset, fix, inner);
                    if (path != null && path != "$") result.SetRoot(path);
                }
            }
            if (remoteStack != null) result.Data["RemoteStackTrace"] = remoteStack;
            ReferenceCodec.RecordObject(reader.Session, result, placeholder);
            return result;
        }
    }
}
