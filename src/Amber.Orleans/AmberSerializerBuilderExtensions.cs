using System;
using Microsoft.Extensions.DependencyInjection;
using Orleans;
using Orleans.Serialization;
using Orleans.Serialization.Cloning;
using Orleans.Serialization.Serializers;

namespace Amber.Orleans
{
    /// <summary>
    /// Adds Amber's codec to Orleans' serializer, on a silo or a client:
    /// <c>siloBuilder.Services.AddSerializer(b =&gt; b.AddAmberSerializer())</c>.
    /// </summary>
    public static class AmberSerializerBuilderExtensions
    {
        /// <summary>
        /// Writes, reads and deep-copies the types <paramref name="isSupported"/> accepts as Amber payloads (the
        /// codec, the copier and the type filter in one: see <see cref="AmberOrleansCodec"/>). Every silo and client
        /// that exchanges these types must call this with the same choice of types. Amber's exceptions raised on a silo
        /// (state or arguments it could not read) reach the caller with their message; a grain whose stored state Amber
        /// cannot read fails the call with the <see cref="AmberOrleansException"/> itself, not Orleans' wrapper of it.
        /// </summary>
        /// <param name="builder">Orleans' serializer builder.</param>
        /// <param name="isSupported">
        /// Which types Amber serves, or null for <see cref="AmberOrleansCodec.IsAmberType"/> (the types Orleans does
        /// not serialize natively). Only types Amber has a formatter for (a subtype: through its base type's, when this
        /// predicate accepts the base too) are taken, whatever it answers.
        /// </param>
        /// <param name="options">The Amber options (limits for the values read), or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        /// <exception cref="InvalidOperationException">Amber's codec was already added to these services.</exception>
        public static ISerializerBuilder AddAmberSerializer(this ISerializerBuilder builder, Func<Type, bool>? isSupported = null, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            IServiceCollection services = builder.Services;
            foreach (ServiceDescriptor descriptor in services)
            {
                if (descriptor.ServiceType == typeof(AmberOrleansCodec))
                {
                    throw new InvalidOperationException("AddAmberSerializer was called twice on the same services: call it once, with one isSupported that covers every type Amber should serve.");
                }
            }

            var codec = new AmberOrleansCodec(isSupported, options);
            services.AddSingleton(codec);
            services.AddSingleton<IGeneralizedCodec>(codec);
            services.AddSingleton<IGeneralizedCopier>(codec);
            services.AddSingleton<ITypeFilter>(codec);
            // Amber's exceptions travel back to callers with their message (Orleans' exception codec does not take them).
            var exceptions = new AmberExceptionCodec();
            services.AddSingleton<IGeneralizedCodec>(exceptions);
            services.AddSingleton<IGeneralizedCopier>(exceptions);
            // A call that failed on Amber (a damaged grain state) throws Amber's exception at the caller, not Orleans' wrapper.
            services.AddSingleton<IOutgoingGrainCallFilter, AmberExceptionCallFilter>();
            return builder;
        }

        /// <summary>As <see cref="AddAmberSerializer(ISerializerBuilder, Func{Type, bool}?, AmberOptions?)"/> with the default choice of types.</summary>
        /// <param name="builder">Orleans' serializer builder.</param>
        /// <param name="options">The Amber options, or null for <see cref="AmberOptions.Default"/>.</param>
        /// <returns>The same builder.</returns>
        public static ISerializerBuilder AddAmberSerializer(this ISerializerBuilder builder, AmberOptions? options) =>
            builder.AddAmberSerializer(isSupported: null, options);
    }
}
