using System;
using System.Collections.Generic;
using Akka.Hosting;

namespace Amber.Akka
{
    /// <summary>
    /// Binds <see cref="AmberAkkaSerializer"/> in an Akka.Hosting application with one call on the
    /// <see cref="AkkaConfigurationBuilder"/>: <c>services.AddAkka("app", builder =&gt; builder.WithAmberSerializer(typeof(IMyMessage)))</c>.
    /// </summary>
    /// <remarks>
    /// The serializer is registered under the name <see cref="AmberAkkaSerializer.SerializerName"/> through Akka.Hosting's
    /// <c>WithCustomSerializer</c> (a serialization setup, which wins over HOCON bindings of the same types). Call it once,
    /// with every type to bind.
    /// </remarks>
    public static class AmberAkkaHostingExtensions
    {
        /// <summary>Sends <paramref name="boundType"/>, and every type that derives from it or implements it, through Amber.</summary>
        /// <param name="builder">The actor system's configuration builder.</param>
        /// <param name="boundType">A message type, or a marker interface or base class of your messages, events and snapshots.</param>
        /// <param name="options">The Amber options (limits for messages from other systems), or null for those of the HOCON section
        /// <c>akka.actor.serialization-settings.amber</c> (<see cref="AmberAkkaSerializer.OptionsFrom"/>), which are <see cref="AmberOptions.Default"/> without one.</param>
        /// <returns>The same builder.</returns>
        public static AkkaConfigurationBuilder WithAmberSerializer(this AkkaConfigurationBuilder builder, Type boundType, AmberOptions? options = null)
        {
            if (boundType == null) throw new ArgumentNullException(nameof(boundType));
            return builder.WithAmberSerializer(new[] { boundType }, options);
        }

        /// <summary>Sends each of <paramref name="boundTypes"/>, and every type that derives from or implements one, through Amber.</summary>
        /// <param name="builder">The actor system's configuration builder.</param>
        /// <param name="boundTypes">Message types, or marker interfaces or base classes of your messages, events and snapshots.</param>
        /// <param name="options">The Amber options (limits for messages from other systems), or null for those of the HOCON section
        /// <c>akka.actor.serialization-settings.amber</c> (<see cref="AmberAkkaSerializer.OptionsFrom"/>), which are <see cref="AmberOptions.Default"/> without one.</param>
        /// <returns>The same builder.</returns>
        public static AkkaConfigurationBuilder WithAmberSerializer(this AkkaConfigurationBuilder builder, IEnumerable<Type> boundTypes, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            if (boundTypes == null) throw new ArgumentNullException(nameof(boundTypes));
            var types = new List<Type>(boundTypes);
            if (types.Count == 0) throw new ArgumentException("Name at least one type to bind to Amber.", nameof(boundTypes));
            if (types.Contains(typeof(object)))
            {
                throw new ArgumentException(
                    "Binding System.Object sends every message without a more specific binding to Amber, Akka's own included; bind a marker interface or base class of your messages instead.",
                    nameof(boundTypes));
            }
            // Without options, the HOCON section applies as it does for a serializer bound in HOCON.
            return builder.WithCustomSerializer(AmberAkkaSerializer.SerializerName, types, system => new AmberAkkaSerializer(system,
                options ?? AmberAkkaSerializer.OptionsFrom(system.Settings.Config.GetConfig(AmberAkkaSerializer.SettingsPath))));
        }
    }
}
