using System;
using System.Buffers;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Amber.Internal;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// The entry points. The generator finds the types to serve from calls to these methods with a
    /// concrete type argument, and registers a formatter for each before the program's code runs.
    /// </summary>
    public static class AmberSerializer
    {
        /// <summary>Serializes <paramref name="value"/> to a new byte array.</summary>
        public static byte[] Serialize<[AmberRoot] T>(T value, AmberOptions? options = null)
        {
            PooledBufferWriter buffer = PooledBufferWriter.Rent();
            try
            {
                Serialize(buffer, value, options);
                return buffer.WrittenSpan.ToArray();
            }
            finally
            {
                PooledBufferWriter.Return(buffer);
            }
        }

        /// <summary>Serializes <paramref name="value"/> into <paramref name="destination"/>. With a reused buffer writer this allocates nothing.</summary>
        public static void Serialize<[AmberRoot] T>(IBufferWriter<byte> destination, T value, AmberOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            AmberFormatterRegistry.Registration<T> registration = AmberFormatterRegistry.Lookup<T>();
            IAmberFormatter<T> formatter = registration.Get();
            var writer = new AmberWriter(destination, options ?? AmberOptions.Default, WriterState.Rent());
            try
            {
                if (registration.RequiresReferences && !writer.ReferencesEnabled) writer.EnableReferences();
                writer.WritePayloadHeader(formatter.WireType);
                formatter.Write(ref writer, value);
                writer.Flush();
            }
            catch (AmberException ex)
            {
                ex.SetRoot(DisplayName(typeof(T)));
                throw;
            }
            finally
            {
                writer.Dispose();
            }
        }

        /// <summary>
        /// Serializes <paramref name="value"/> as <paramref name="type"/> into <paramref name="destination"/>, for callers
        /// that hold a <see cref="Type"/> rather than a type argument (an MVC output formatter, for one). The same bytes as
        /// <see cref="Serialize{T}(IBufferWriter{byte}, T, AmberOptions?)"/> with <c>T</c> = <paramref name="type"/>; no
        /// reflection: the type must have a registered formatter (<see cref="AmberFormatterRegistry.IsRegistered(Type)"/>),
        /// or this throws an <see cref="AmberException"/> naming the fix.
        /// </summary>
        /// <exception cref="ArgumentException"><paramref name="value"/> is not null and not a <paramref name="type"/>, or is null and <paramref name="type"/> is a non-nullable value type.</exception>
        public static void Serialize(IBufferWriter<byte> destination, object? value, Type type, AmberOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            AmberFormatterRegistry.Entry(type).Serialize(destination, value, options);
        }

        /// <summary>
        /// Serializes <paramref name="value"/> to <paramref name="destination"/>, passing the bytes on every
        /// 64 KB: the payload is never held in memory whole.
        /// </summary>
        public static void Serialize<[AmberRoot] T>(Stream destination, T value, AmberOptions? options = null)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            using var sink = new StreamBufferWriter(destination);
            Serialize(sink, value, options);
            sink.Flush();
        }

        /// <summary>
        /// Serializes <paramref name="value"/> to <paramref name="destination"/> asynchronously. The payload
        /// is buffered in 64 KB pooled segments (never one large array), then written.
        /// </summary>
        public static async ValueTask SerializeAsync<[AmberRoot] T>(Stream destination, T value, AmberOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            cancellationToken.ThrowIfCancellationRequested();
            using var buffer = new SegmentedBuffer();
            Serialize(buffer, value, options);
            await buffer.WriteToAsync(destination, cancellationToken).ConfigureAwait(false);
        }

        /// <summary>Deserializes one payload from <paramref name="source"/>.</summary>
        public static T? Deserialize<[AmberRoot] T>(ReadOnlySpan<byte> source, AmberOptions? options = null)
        {
            var reader = new AmberReader(source, options ?? AmberOptions.Default, ReaderState.Rent());
            return ReadAndDispose<T>(ref reader);
        }

        /// <summary>Deserializes one payload from a (possibly multi-segment) sequence.</summary>
        public static T? Deserialize<[AmberRoot] T>(in ReadOnlySequence<byte> source, AmberOptions? options = null)
        {
            var reader = new AmberReader(source, options ?? AmberOptions.Default, ReaderState.Rent());
            return ReadAndDispose<T>(ref reader);
        }

        /// <summary>
        /// Deserializes one payload of <paramref name="type"/> from <paramref name="source"/>, for callers that hold a
        /// <see cref="Type"/> rather than a type argument. The type must have a registered formatter, or this throws an
        /// <see cref="AmberException"/> naming the fix.
        /// </summary>
        public static object? Deserialize(ReadOnlySpan<byte> source, Type type, AmberOptions? options = null) =>
            AmberFormatterRegistry.Entry(type).Deserialize(source, options);

        /// <summary>
        /// Deserializes one payload of <paramref name="type"/> from a (possibly multi-segment) sequence, for callers that
        /// hold a <see cref="Type"/> rather than a type argument (an MVC input formatter reading a request body, for one).
        /// The type must have a registered formatter, or this throws an <see cref="AmberException"/> naming the fix.
        /// </summary>
        public static object? Deserialize(in ReadOnlySequence<byte> source, Type type, AmberOptions? options = null) =>
            AmberFormatterRegistry.Entry(type).Deserialize(source, options);

        // No finally: a finally block is a call on the way out of every payload, and a lone small message pays it in
        // full. Each way out returns the reader's pooled state itself.
        private static T ReadAndDispose<T>(ref AmberReader reader)
        {
            T value;
            try
            {
                value = ReadRoot(ref reader, AmberFormatterRegistry.Get<T>());
            }
            catch (AmberException ex)
            {
                reader.Dispose();
                ex.SetRoot(DisplayName(typeof(T)));
                throw;
            }
            catch
            {
                reader.Dispose();
                throw;
            }
            reader.Dispose();
            return value;
        }

        /// <summary>
        /// Deserializes one payload: the rest of <paramref name="source"/>, read into 64 KB pooled segments
        /// (never one large array) and no further than <see cref="AmberOptions.MaxInputBytes"/>.
        /// </summary>
        public static T? Deserialize<[AmberRoot] T>(Stream source, AmberOptions? options = null)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            using var buffer = new SegmentedBuffer();
            while (true)
            {
                Memory<byte> memory = buffer.GetMemory(SegmentedBuffer.SegmentSize / 4);
                memory = memory.Slice(0, ReadLimit(memory.Length, buffer.Length, options));
                int n = source.Read(memory.Span);
                if (n == 0) break;
                buffer.Advance(n);
                CheckStreamSize(buffer.Length, options);
            }
            return Deserialize<T>(buffer.AsSequence(), options);
        }

        /// <summary>Deserializes one payload, the rest of <paramref name="source"/>, asynchronously.</summary>
        public static async ValueTask<T?> DeserializeAsync<[AmberRoot] T>(Stream source, AmberOptions? options = null, CancellationToken cancellationToken = default)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            using var buffer = new SegmentedBuffer();
            while (true)
            {
                Memory<byte> memory = buffer.GetMemory(SegmentedBuffer.SegmentSize / 4);
                memory = memory.Slice(0, ReadLimit(memory.Length, buffer.Length, options));
                int n = await source.ReadAsync(memory, cancellationToken).ConfigureAwait(false);
                if (n == 0) break;
                buffer.Advance(n);
                CheckStreamSize(buffer.Length, options);
            }
            return Deserialize<T>(buffer.AsSequence(), options);
        }

        private static int ReadLimit(int free, long read, AmberOptions? options)
        {
            long allowed = (options ?? AmberOptions.Default).MaxInputBytes + 1 - read;
            return (int)Math.Max(1, Math.Min(free, allowed));
        }

        private static void CheckStreamSize(long read, AmberOptions? options)
        {
            long max = (options ?? AmberOptions.Default).MaxInputBytes;
            if (read > max) AmberThrow.LimitExceeded(max, "A stream length in bytes (read so far)", (ulong)read, max, nameof(AmberOptions.MaxInputBytes));
        }

        /// <summary>A C#-like name for error paths: <c>List&lt;Book&gt;</c> rather than <c>List`1</c>.</summary>
        internal static string DisplayName(Type type)
        {
            if (type.IsArray) return DisplayName(type.GetElementType()!) + "[" + new string(',', type.GetArrayRank() - 1) + "]";
            string name = type.Name;
            int tick = name.IndexOf('`');
            if (!type.IsGenericType || tick < 0) return name;   // a type nested in a generic type has no arguments of its own
            // GetGenericArguments also lists the enclosing types' arguments; this type's own come last.
            int own = int.Parse(name.AsSpan(tick + 1), System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture);
            Type[] args = type.GetGenericArguments();
            var parts = new string[own];
            for (int i = 0; i < own; i++) parts[i] = DisplayName(args[args.Length - own + i]);
            return name.Remove(tick) + "<" + string.Join(", ", parts) + ">";
        }

        private static T ReadRoot<T>(ref AmberReader reader, IAmberFormatter<T> formatter)
        {
            WireType wt = reader.ReadPayloadHeader();
            T value = formatter.Read(ref reader, wt);
            reader.EnsureEnd();
            return value;
        }
    }
}
