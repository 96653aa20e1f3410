using System;
using System.Buffers;
using System.Collections.Concurrent;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// Where formatters are found at run time: a static generic cache, filled by the module
    /// initializers that the generator emits. No reflection, no runtime code generation.
    /// </summary>
    public static class AmberFormatterRegistry
    {
        /// <summary>
        /// One adapter per registered type, for callers that hold a <see cref="Type"/> rather than a type argument
        /// (an MVC formatter, for one). Written by <see cref="Register{T}"/>, so it never needs MakeGenericType.
        /// </summary>
        private static readonly ConcurrentDictionary<Type, TypeEntry> s_entries = new ConcurrentDictionary<Type, TypeEntry>();

        /// <summary>Registers (or replaces) the formatter for <typeparamref name="T"/>.</summary>
        public static void Register<T>(IAmberFormatter<T> formatter)
        {
            Cache<T>.Value.Formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));
            s_entries.TryAdd(typeof(T), TypeEntry<T>.Instance);
        }

        /// <summary>
        /// Whether a formatter is registered for <paramref name="type"/>: true for every type the generator wrote a
        /// formatter for in a loaded assembly, and for types registered by hand with <see cref="Register{T}"/>.
        /// </summary>
        public static bool IsRegistered(Type type)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            return TryGetEntry(type, out _);
        }

        /// <summary>
        /// The adapter for <paramref name="type"/>. The generated code of the type's assembly registers when that
        /// assembly's code first runs, which a caller holding only a <see cref="Type"/> (an MVC formatter, a cache
        /// reading an entry before any other use of the type) may precede: on a miss that registration runs first.
        /// </summary>
        private static bool TryGetEntry(Type type, out TypeEntry? entry)
        {
            if (s_entries.TryGetValue(type, out entry)) return true;
            AmberKnownTypes.EnsureRegistered(type);
            return s_entries.TryGetValue(type, out entry);
        }

        /// <summary>Marks <typeparamref name="T"/>'s payloads as always written in reference mode (its graph holds an [AmberPreserveReferences] type).</summary>
        public static void RequireReferences<T>() => Cache<T>.Value.RequiresReferences = true;

        internal static bool RequiresReferences<T>() => Cache<T>.Value.RequiresReferences;

        /// <summary>What is registered for <typeparamref name="T"/>, in one object: a serializer call looks up one generic static, not one per fact.</summary>
        internal static Registration<T> Lookup<T>() => Cache<T>.Value;

        /// <summary>The adapter for <paramref name="type"/>; throws an <see cref="AmberException"/> naming the fix if nothing is registered.</summary>
        internal static TypeEntry Entry(Type type)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (!TryGetEntry(type, out TypeEntry? entry)) AmberThrow.NoFormatter(type);
            return entry!;
        }

        /// <summary>The registered formatter for <typeparamref name="T"/>, or null.</summary>
        public static IAmberFormatter<T>? TryGet<T>() => Cache<T>.Value.Formatter;

        /// <summary>The registered formatter for <typeparamref name="T"/>; throws an <see cref="AmberException"/> naming the fix if there is none.</summary>
        public static IAmberFormatter<T> Get<T>()
        {
            IAmberFormatter<T>? f = Cache<T>.Value.Formatter;
            if (f == null) AmberThrow.NoFormatter(typeof(T));
            return f;
        }

        private static class Cache<T>
        {
            public static readonly Registration<T> Value = new Registration<T>();
        }

        internal sealed class Registration<T>
        {
            // object needs no generated code (its values carry their type's tag), so it is served from the start.
            public IAmberFormatter<T>? Formatter = typeof(T) == typeof(object) ? (IAmberFormatter<T>)(object)Internal.ObjectFormatter.Instance : null;
            public bool RequiresReferences;

            /// <summary>The formatter; throws an <see cref="AmberException"/> naming the fix if there is none.</summary>
            public IAmberFormatter<T> Get()
            {
                IAmberFormatter<T>? f = Formatter;
                if (f == null) AmberThrow.NoFormatter(typeof(T));
                return f;
            }
        }

        /// <summary>The generic entry points of one type, reached through a <see cref="Type"/>.</summary>
        internal abstract class TypeEntry
        {
            public abstract void Serialize(IBufferWriter<byte> destination, object? value, AmberOptions? options);

            public abstract object? Deserialize(ReadOnlySpan<byte> source, AmberOptions? options);

            public abstract object? Deserialize(in ReadOnlySequence<byte> source, AmberOptions? options);
        }

        internal sealed class TypeEntry<T> : TypeEntry
        {
            public static readonly TypeEntry<T> Instance = new TypeEntry<T>();

            public override void Serialize(IBufferWriter<byte> destination, object? value, AmberOptions? options)
            {
                if (value is T typed) AmberSerializer.Serialize(destination, typed, options);
                else if (value == null && default(T) == null) AmberSerializer.Serialize<T>(destination, default!, options);
                else throw new ArgumentException($"The value is a {(value == null ? "null" : value.GetType().FullName)}, not a {typeof(T).FullName}.", nameof(value));
            }

            public override object? Deserialize(ReadOnlySpan<byte> source, AmberOptions? options) => AmberSerializer.Deserialize<T>(source, options);

            public override object? Deserialize(in ReadOnlySequence<byte> source, AmberOptions? options) => AmberSerializer.Deserialize<T>(source, options);
        }
    }
}
