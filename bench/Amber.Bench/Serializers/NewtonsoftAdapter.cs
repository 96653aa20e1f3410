using System;
using System.Buffers;
using System.IO;
using System.Text;
using Amber.Bench.Workloads;
using Newtonsoft.Json;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Newtonsoft.Json (Json.NET): one <see cref="JsonSerializer"/> configured
    /// once with default settings plus the DateTime round trip (ISO 8601 with 7 fractional digits and
    /// the Kind kept), and what a workload's shape needs (<see cref="For"/>). Char buffers come from
    /// the shared array pool (Json.NET's IArrayPool hook).
    /// Serialize: JsonTextWriter → one reused StreamWriter → a Stream that appends to the reused
    /// buffer writer. Deserialize: JsonTextReader → StreamReader → an UnmanagedMemoryStream over the
    /// pinned payload (no copy of the bytes).
    /// </summary>
    public sealed class NewtonsoftAdapter : ISerializerAdapter
    {
        private static readonly UTF8Encoding Utf8NoBom = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

        private readonly ShapeNeeds _needs;
        private readonly JsonSerializer _serializer;
        private readonly BufferWriterStream _sink = new BufferWriterStream();
        private StreamWriter _text;

        public NewtonsoftAdapter()
            : this(ShapeNeeds.None)
        {
        }

        private NewtonsoftAdapter(ShapeNeeds needs)
        {
            _needs = needs;
            _serializer = JsonSerializer.Create(CreateSettings(needs));
            _text = NewText();
        }

        public string Name => "Newtonsoft.Json";

        public bool Supports(string workload) => true;

        public ISerializerAdapter For(ShapeNeeds needs) => needs == _needs ? this : new NewtonsoftAdapter(needs);

        public bool KeepsReferences => _serializer.PreserveReferencesHandling != PreserveReferencesHandling.None;

        /// <summary>
        /// Default settings plus the DateTime round trip, the suite's contract resolver (private members
        /// and type names on polymorphic members, <see cref="BenchContractResolver"/>) and the allow-list
        /// binder for those type names; <see cref="PreserveReferencesHandling.Objects"/>
        /// when the shape shares objects; <see cref="TypeNameHandling.Auto"/> on the serializer when the
        /// value is declared as an abstract base (a root's type name comes only from the serializer's
        /// own setting; the members' types are all concrete there, so no other type name is written).
        /// Integers in <c>object</c> members read as long and fractions as double by default, so
        /// <see cref="ShapeNeeds.ObjectValues"/> needs nothing.
        /// </summary>
        public static JsonSerializerSettings CreateSettings(ShapeNeeds needs) => new JsonSerializerSettings
        {
            DateTimeZoneHandling = DateTimeZoneHandling.RoundtripKind,
            DateParseHandling = DateParseHandling.DateTime,
            ContractResolver = BenchContractResolver.Instance,
            SerializationBinder = KnownTypesBinder.Instance,
            PreserveReferencesHandling = (needs & ShapeNeeds.SharedReferences) != 0 ? PreserveReferencesHandling.Objects : PreserveReferencesHandling.None,
            TypeNameHandling = (needs & ShapeNeeds.PolymorphicRoot) != 0 ? TypeNameHandling.Auto : TypeNameHandling.None,
        };

        public void Serialize<T>(T value, ArrayBufferWriter<byte> output)
        {
            _sink.Target = output;
            try
            {
                // The JsonTextWriter is per call (it has no reset), the StreamWriter under it is reused.
                using (var json = new JsonTextWriter(_text) { CloseOutput = false, ArrayPool = CharPool.Instance })
                {
                    _serializer.Serialize(json, value, typeof(T));
                }
                _text.Flush();
            }
            catch
            {
                // Chars of the failed value may still sit in the StreamWriter: start the next call clean.
                _text = NewText();
                throw;
            }
            finally
            {
                _sink.Target = null;
            }
        }

        private StreamWriter NewText() => new StreamWriter(_sink, Utf8NoBom, bufferSize: 4096, leaveOpen: true);

        public unsafe T Deserialize<T>(ReadOnlySpan<byte> payload)
        {
            fixed (byte* bytes = payload)
            {
                using var stream = new UnmanagedMemoryStream(bytes, payload.Length);
                // No larger StreamReader buffers than the payload needs (the reader's minimum is 128).
                return Read<T>(stream, Math.Clamp(payload.Length, 128, 4096));
            }
        }

        public void SerializeToStream<T>(T value, Stream destination)
        {
            using var text = new StreamWriter(destination, Utf8NoBom, bufferSize: 1 << 16, leaveOpen: true);
            using (var json = new JsonTextWriter(text) { CloseOutput = false, ArrayPool = CharPool.Instance })
            {
                _serializer.Serialize(json, value, typeof(T));
            }
            text.Flush();
        }

        public T DeserializeFromStream<T>(Stream source) => Read<T>(source, bufferSize: 1 << 16);

        private T Read<T>(Stream source, int bufferSize)
        {
            using var text = new StreamReader(source, Utf8NoBom, detectEncodingFromByteOrderMarks: false, bufferSize, leaveOpen: true);
            using var json = new JsonTextReader(text) { CloseInput = false, ArrayPool = CharPool.Instance };
            return _serializer.Deserialize<T>(json)!;
        }

        /// <summary>Json.NET's buffer hook over <see cref="ArrayPool{T}.Shared"/>.</summary>
        private sealed class CharPool : IArrayPool<char>
        {
            public static readonly CharPool Instance = new CharPool();

            public char[] Rent(int minimumLength) => ArrayPool<char>.Shared.Rent(minimumLength);

            public void Return(char[]? array)
            {
                if (array != null) ArrayPool<char>.Shared.Return(array);
            }
        }
    }

    /// <summary>A write-only <see cref="Stream"/> that appends to an <see cref="IBufferWriter{T}"/> (settable per call).</summary>
    public sealed class BufferWriterStream : Stream
    {
        public IBufferWriter<byte>? Target { get; set; }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => throw new NotSupportedException();
            set => throw new NotSupportedException();
        }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            IBufferWriter<byte> target = Target ?? throw new InvalidOperationException("BufferWriterStream has no target.");
            target.Write(buffer);
        }

        public override void WriteByte(byte value)
        {
            IBufferWriter<byte> target = Target ?? throw new InvalidOperationException("BufferWriterStream has no target.");
            target.GetSpan(1)[0] = value;
            target.Advance(1);
        }

        public override void Flush()
        {
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}
