using System;

namespace Amber
{
    /// <summary>
    /// Where formatters are found at run time: a static generic cache, filled by the module
    /// initializers that the generator emits. No reflection, no runtime code generation.
    /// </summary>
    public static class AmberFormatterRegistry
    {
        /// <summary>Registers (or replaces) the formatter for <typeparamref name="T"/>.</summary>
        public static void Register<T>(IAmberFormatter<T> formatter)
        {
            Cache<T>.Value.Formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));
        }

        /// <summary>Marks <typeparamref name="T"/>'s payloads as always written in reference mode (its graph holds an [AmberPreserveReferences] type).</summary>
        public static void RequireReferences<T>() => Cache<T>.Value.RequiresReferences = true;

        internal static bool RequiresReferences<T>() => Cache<T>.Value.RequiresReferences;

        /// <summary>What is registered for <typeparamref name="T"/>, in one object: a serializer call looks up one generic static, not one per fact.</summary>
        internal static Registration<T> Lookup<T>() => Cache<T>.Value;

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
            public IAmberFormatter<T>? Formatter;
            public bool RequiresReferences;

            /// <summary>The formatter; throws an <see cref="AmberException"/> naming the fix if there is none.</summary>
            public IAmberFormatter<T> Get()
            {
                IAmberFormatter<T>? f = Formatter;
                if (f == null) AmberThrow.NoFormatter(typeof(T));
                return f;
            }
        }
    }
}
