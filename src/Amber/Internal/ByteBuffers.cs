using System.Buffers;

namespace Amber.Internal
{
    /// <summary>
    /// The byte arrays Amber rents for writing and reading: from <see cref="ArrayPool{T}.Shared"/>, which keeps what it is
    /// given back per size and per core until its own trimming (tens of seconds after their last use). An array above
    /// <see cref="MaxPooledLength"/> is not given back: the collector takes it when the call ends, so one very large
    /// payload does not leave hundreds of megabytes in the pool (docs/security.md, "Memory over time").
    /// </summary>
    internal static class ByteBuffers
    {
        /// <summary>16 MiB: the largest array given back to the shared pool.</summary>
        internal const int MaxPooledLength = 16 * 1024 * 1024;

        /// <summary>Gives <paramref name="array"/> back to the shared pool, unless it is above <see cref="MaxPooledLength"/>.</summary>
        public static void Return(byte[] array)
        {
            if (array.Length <= MaxPooledLength) ArrayPool<byte>.Shared.Return(array);
        }
    }
}
