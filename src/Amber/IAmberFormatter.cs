using System;

namespace Amber
{
    /// <summary>
    /// Writes and reads one type. The generator implements it for every type it serves; hand-written
    /// formatters implement it too and are registered with <see cref="AmberFormatterRegistry.Register{T}"/>.
    /// </summary>
    public interface IAmberFormatter<T>
    {
        /// <summary>The wire type this formatter writes.</summary>
        WireType WireType { get; }

        /// <summary>Writes <paramref name="value"/> (which may be null for reference types).</summary>
        void Write(ref AmberWriter writer, T value);

        /// <summary>Reads a value that was written with <paramref name="wireType"/>.</summary>
        T Read(ref AmberReader reader, WireType wireType);
    }

    /// <summary>
    /// Where formatters are found at run time: a static generic cache, filled by the module
    /// initializers that the generator emits. No reflection, no runtime code generation.
    /// </summary>
    public static class AmberFormatterRegistry
    {
        /// <summary>Registers (or replaces) the formatter for <typeparamref name="T"/>.</summary>
        public static void Register<T>(IAmberFormatter<T> formatter)
        {
            Cache<T>.Formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));
        }

        /// <summary>Marks <typeparamref name="T"/>'s payloads as always written in reference mode (its graph holds an [AmberPreserveReferences] type).</summary>
        public static void RequireReferences<T>() => References<T>.Required = true;

        internal static bool RequiresReferences<T>() => References<T>.Required;

        private static class References<T>
        {
            public static bool Required;
        }

        /// <summary>The registered formatter for <typeparamref name="T"/>, or null.</summary>
        public static IAmberFormatter<T>? TryGet<T>() => Cache<T>.Formatter;

        /// <summary>The registered formatter for <typeparamref name="T"/>; throws an <see cref="AmberException"/> naming the fix if there is none.</summary>
        public static IAmberFormatter<T> Get<T>()
        {
            IAmberFormatter<T>? f = Cache<T>.Formatter;
            if (f == null) AmberThrow.NoFormatter(typeof(T));
            return f;
        }

        private static class Cache<T>
        {
            public static IAmberFormatter<T>? Formatter;
        }
    }
}
