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
}
