using System;
using Orleans.Storage;

namespace Amber.Orleans
{
    /// <summary>
    /// Orleans' grain-storage serializer writing grain state as one Amber payload: storage providers that take an
    /// <see cref="IGrainStorageSerializer"/> (the in-memory, ADO.NET, Azure, Redis and other providers of Orleans 10)
    /// store these bytes. Stateless and thread-safe. Registered for every provider by
    /// <see cref="AmberGrainStorageExtensions.AddAmberGrainStorageSerializer(Microsoft.Extensions.DependencyInjection.IServiceCollection, AmberOptions?)"/>,
    /// or for one provider by name; or set on a provider's options (<c>GrainStorageSerializer</c>).
    /// </summary>
    /// <remarks>
    /// State is version tolerant as Amber is: a silo with a newer shape of the state type reads what an older one
    /// stored (members by name, members added and removed), and back. A state type Amber has no formatter for fails
    /// on its first write or read with Amber's "no formatter" <see cref="AmberException"/>, which names the fix.
    /// Stored bytes that are not an Amber payload of the state type fail with an <see cref="AmberOrleansException"/>
    /// naming the state type, what is wrong and what to do.
    /// </remarks>
    public sealed class AmberGrainStorageSerializer : IGrainStorageSerializer
    {
        /// <summary>What to do about stored bytes Amber cannot read, said after Amber's own fix.</summary>
        internal const string StateFix =
            "The stored grain state is damaged or was written by another serializer: if another serializer wrote it, read it with that one "
            + "(set the storage provider's GrainStorageSerializer to new Orleans.Storage.GrainStorageSerializer(amber, previousSerializer) "
            + "to write Amber while still reading the old format); if it is damaged, restore it from a backup or clear it (the grain then starts from a new state).";

        /// <summary>A serializer with the given options, or <see cref="AmberOptions.Default"/> when null.</summary>
        /// <param name="options">Limits and modes for every state written and read; see <see cref="AmberOptions"/>.</param>
        public AmberGrainStorageSerializer(AmberOptions? options = null)
        {
            Options = AmberSupport.Options(options);
        }

        /// <summary>The options every state is written and read with.</summary>
        public AmberOptions Options { get; }

        /// <summary>Writes <paramref name="input"/> as one Amber payload of <typeparamref name="T"/>.</summary>
        /// <typeparam name="T">The grain state type.</typeparam>
        /// <param name="input">The state.</param>
        /// <returns>The payload.</returns>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/> (the message names the fix), or the state breaks a limit of <see cref="Options"/>.</exception>
        public BinaryData Serialize<T>(T? input)
        {
            AmberSupport.Require<T>();
            try
            {
                return new BinaryData(AmberSerializer.Serialize<T>(input!, Options));
            }
            catch (AmberException ex)
            {
                throw new AmberOrleansException(ex, typeof(T), AmberOrleansValueKind.GrainState);
            }
        }

        /// <summary>Reads one Amber payload of <typeparamref name="T"/>.</summary>
        /// <typeparam name="T">The grain state type.</typeparam>
        /// <param name="input">The stored bytes.</param>
        /// <returns>The state.</returns>
        /// <exception cref="AmberOrleansException">The bytes are not an Amber payload of <typeparamref name="T"/> (damaged, or written by another serializer), or break a limit of <see cref="Options"/>.</exception>
        public T? Deserialize<T>(BinaryData input)
        {
            if (input == null) throw new ArgumentNullException(nameof(input));
            AmberSupport.Require<T>();
            try
            {
                return AmberSerializer.Deserialize<T>(input.ToMemory().Span, Options);
            }
            catch (AmberException ex)
            {
                throw new AmberOrleansException(ex, typeof(T), AmberOrleansValueKind.GrainState, StateFix);
            }
        }
    }
}
