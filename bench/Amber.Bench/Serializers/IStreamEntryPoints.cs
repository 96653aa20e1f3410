using System.IO;
using System.Threading.Tasks;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// A binary serializer's Stream entry points as its users call them, for the stream entry-points table
    /// (Runner/StreamEntryPointsProbe.cs): synchronous, and asynchronous where the serializer has an async
    /// Stream API. Implemented by the adapters of the binary serializers measured on the main copy of the
    /// model types, in the set-up <see cref="ISerializerAdapter.For"/> gave them.
    /// </summary>
    public interface IStreamEntryPoints
    {
        /// <summary>What the rows call, printed under the table.</summary>
        string StreamNote { get; }

        /// <summary>Writes one payload to <paramref name="destination"/>, synchronously.</summary>
        void SerializeStream<T>(T value, Stream destination);

        /// <summary>Reads one payload, the rest of <paramref name="source"/>, synchronously.</summary>
        T DeserializeStream<T>(Stream source);

        /// <summary>Whether the serializer has an async Stream API (the async row is left out otherwise).</summary>
        bool HasAsyncStream { get; }

        /// <summary>Writes one payload to <paramref name="destination"/> through the async API.</summary>
        ValueTask SerializeStreamAsync<T>(T value, Stream destination);

        /// <summary>Reads one payload through the async API.</summary>
        ValueTask<T> DeserializeStreamAsync<T>(Stream source);
    }
}
