using System;
using Akka.Actor;
using Akka.Configuration;
using Akka.Serialization;

namespace Amber.Akka
{
    /// <summary>
    /// Akka.NET's serializer for Amber: a message sent to another actor system, a persistent event or a snapshot of a
    /// bound type is written as one Amber payload, with the Amber name of its type as the manifest.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Bind it to your own message types (a marker interface or base class is bound once for all that derive from it),
    /// either in HOCON:
    /// </para>
    /// <code>
    /// akka.actor.serializers.amber = "Amber.Akka.AmberAkkaSerializer, Amber.Akka"
    /// akka.actor.serialization-bindings { "MyApp.IMyMessage, MyApp" = amber }
    /// akka.actor.serialization-settings.amber { max-collection-length = 100000, hardened-key-hashing = on }
    /// </code>
    /// <para>
    /// or with Akka.Hosting: <c>builder.WithAmberSerializer(typeof(IMyMessage))</c>
    /// (<see cref="AmberAkkaHostingExtensions"/>).
    /// </para>
    /// <para>
    /// The manifest is the type's full C# name as Amber registered it (<see cref="AmberKnownTypes.TryGetName"/>), and a
    /// type renamed with <c>[AmberFormerName]</c> is still found by the old name, so journal rows written before a
    /// rename replay. Reading resolves the manifest among the types Amber registered only
    /// (<see cref="AmberKnownTypes.TryGetType"/>): bytes from the network or a database never name a type to load.
    /// The payload is version tolerant as Amber is: members are matched by name, so a newer version of an event type
    /// with members added or removed reads the events an older one wrote.
    /// </para>
    /// <para>
    /// A bound type Amber has no formatter for fails when it is first sent or persisted, with an
    /// <see cref="AmberException"/> naming the type and the fix. A payload whose manifest names no registered type, or
    /// whose bytes are damaged or break a limit of <see cref="Options"/>, fails with an <see cref="AmberAkkaException"/>
    /// naming the manifest.
    /// </para>
    /// </remarks>
    public sealed class AmberAkkaSerializer : SerializerWithStringManifest
    {
        /// <summary>
        /// The serializer's identifier, stored with every journal row and snapshot and sent with every remote message:
        /// 1,634,558,578 (the ASCII bytes "ambr"), far outside the range Akka.NET reserves for its own serializers
        /// (0 to 100) and those of the common plugins. It never changes: rows written with it must stay readable.
        /// </summary>
        public const int SerializerIdentifier = 0x616D6272;

        /// <summary>The name the serializer is bound under, in HOCON (<c>akka.actor.serializers.amber</c>) and by Akka.Hosting.</summary>
        public const string SerializerName = "amber";

        /// <summary>The HOCON section of the serializer's options: <c>akka.actor.serialization-settings.amber</c> (see <see cref="OptionsFrom"/>).</summary>
        public const string SettingsPath = "akka.actor.serialization-settings.amber";

        /// <summary>
        /// The serializer Akka creates from <c>akka.actor.serializers</c> when no <c>akka.actor.serialization-settings.amber</c>
        /// section is given: <see cref="AmberOptions.Default"/>.
        /// </summary>
        /// <param name="system">The actor system.</param>
        public AmberAkkaSerializer(ExtendedActorSystem system) : this(system, (AmberOptions?)null) { }

        /// <summary>
        /// The serializer Akka creates when <c>akka.actor.serialization-settings.amber</c> is given: its keys set the
        /// options (see <see cref="OptionsFrom"/>).
        /// </summary>
        /// <param name="system">The actor system.</param>
        /// <param name="config">The <c>akka.actor.serialization-settings.amber</c> section.</param>
        public AmberAkkaSerializer(ExtendedActorSystem system, Config config) : this(system, OptionsFrom(config)) { }

        /// <summary>A serializer with the given options, or <see cref="AmberOptions.Default"/> when null.</summary>
        /// <param name="system">The actor system.</param>
        /// <param name="options">Limits and modes for every payload written and read; see <see cref="AmberOptions"/>.</param>
        public AmberAkkaSerializer(ExtendedActorSystem system, AmberOptions? options) : base(system)
        {
            Options = AmberSupport.Options(options);
        }

        /// <summary>The options every payload is written and read with.</summary>
        public AmberOptions Options { get; }

        /// <summary>Always <see cref="SerializerIdentifier"/>.</summary>
        public override int Identifier => SerializerIdentifier;

        /// <summary>
        /// Reads Amber options from a HOCON section; a key left out keeps <see cref="AmberOptions.Default"/>'s value:
        /// <c>max-depth</c>, <c>max-collection-length</c>, <c>max-string-length</c> (a byte size, such as <c>1 MiB</c>),
        /// <c>max-input-bytes</c> (a byte size), <c>hardened-key-hashing</c> and <c>preserve-references</c> (on or off).
        /// </summary>
        /// <param name="config">The section, such as <c>akka.actor.serialization-settings.amber</c>; null or empty for the defaults.</param>
        /// <returns>The options.</returns>
        public static AmberOptions OptionsFrom(Config? config)
        {
            AmberOptions d = AmberOptions.Default;
            if (config == null || config.IsEmpty) return d;
            return new AmberOptions
            {
                MaxDepth = config.GetInt("max-depth", d.MaxDepth),
                MaxCollectionLength = config.GetInt("max-collection-length", d.MaxCollectionLength),
                MaxStringLength = (int)Math.Min(int.MaxValue, config.HasPath("max-string-length") ? config.GetByteSize("max-string-length") ?? d.MaxStringLength : d.MaxStringLength),
                MaxInputBytes = config.HasPath("max-input-bytes") ? config.GetByteSize("max-input-bytes") ?? d.MaxInputBytes : d.MaxInputBytes,
                HardenedKeyHashing = config.GetBoolean("hardened-key-hashing", d.HardenedKeyHashing),
                PreserveReferences = config.GetBoolean("preserve-references", d.PreserveReferences),
            };
        }

        /// <summary>The Amber name of <paramref name="o"/>'s type, which <see cref="FromBinary(byte[], string)"/> finds it by.</summary>
        /// <param name="o">The message, event or snapshot.</param>
        /// <returns>The type's full C# name as Amber registered it.</returns>
        /// <exception cref="AmberException">Amber has no formatter for the type, or cannot name it; the message says the fix.</exception>
        public override string Manifest(object o)
        {
            if (o == null) throw new ArgumentNullException(nameof(o));
            Type type = o.GetType();
            if (!AmberKnownTypes.TryGetName(type, out string? name)) throw CannotCarry(type);
            return AmberFormatterRegistry.IsRegistered(type) ? name : TaggedPrefix + name;
        }

        /// <summary>
        /// The mark at the start of a manifest whose payload is written as <c>object</c>, tagged with its type inside: the
        /// way a type is carried when code names only its base class or interface (<c>IMyMessage m = …; actor.Tell(m)</c>), so
        /// Amber has its codec as a subtype of that base but no formatter of its own. The manifest records the choice, so
        /// a reader decides from the data, not from what its own version of the program happens to have.
        /// </summary>
        private const string TaggedPrefix = "*";

        /// <summary>
        /// Writes <paramref name="obj"/> as one Amber payload of its own type, or, for a type Amber knows only as a subtype
        /// of a served base class or interface, as an <c>object</c> payload that names its type inside.
        /// </summary>
        /// <param name="obj">The message, event or snapshot.</param>
        /// <returns>The payload, exactly as long as it is.</returns>
        /// <exception cref="AmberException">Amber has no formatter for the type (the message says the fix), or the value breaks a limit of <see cref="Options"/>.</exception>
        public override byte[] ToBinary(object obj)
        {
            if (obj == null) throw new ArgumentNullException(nameof(obj));
            Type type = obj.GetType();
            bool typed = AmberFormatterRegistry.IsRegistered(type);
            if (!typed && !AmberKnownTypes.IsKnown(type)) throw CannotCarry(type);
            System.Buffers.ArrayBufferWriter<byte> buffer = ThreadBuffer.Rent();
            try
            {
                // A type known only as a subtype of a served base goes as object: its tag inside names it (see Manifest).
                if (typed) AmberSerializer.Serialize(buffer, obj, type, Options);
                else AmberSerializer.Serialize<object>(buffer, obj, Options);
                return buffer.WrittenSpan.ToArray();
            }
            finally
            {
                ThreadBuffer.Return(buffer);
            }
        }

        /// <summary>Reads a payload written as the type <paramref name="manifest"/> names.</summary>
        /// <param name="bytes">The payload.</param>
        /// <param name="manifest">The manifest stored or sent with it.</param>
        /// <returns>The message, event or snapshot.</returns>
        /// <exception cref="AmberAkkaException">No registered type has the name <paramref name="manifest"/>, or the bytes are not a
        /// payload of that type, or break a limit of <see cref="Options"/>.</exception>
        public override object FromBinary(byte[] bytes, string manifest)
        {
            if (bytes == null) throw new ArgumentNullException(nameof(bytes));
            // A manifest is input: it is only ever looked up among the types Amber registered, never loaded.
            bool tagged = manifest != null && manifest.StartsWith(TaggedPrefix, StringComparison.Ordinal);
            if (manifest == null || !AmberKnownTypes.TryGetType(tagged ? manifest.Substring(TaggedPrefix.Length) : manifest, out Type? type))
            {
                throw new AmberAkkaException(
                    "No Amber type of this program is named '" + manifest + "'",
                    "The payload was written as a type this program does not have (or whose assembly has not been loaded): deploy the " +
                    "version that declares it, call AmberKnownTypes.EnsureRegistered(typeof(SomeTypeOfThatAssembly)) at start-up if " +
                    "its assembly is loaded late, or, if the type was renamed, put [AmberFormerName(\"" + manifest + "\")] on its new declaration.",
                    manifest ?? "");
            }
            object? value;
            try
            {
                value = tagged ? AmberSerializer.Deserialize<object>(bytes, Options) : AmberSerializer.Deserialize(bytes, type, Options);
            }
            catch (AmberException ex)
            {
                throw new AmberAkkaException(ex, manifest);
            }
            if (tagged && value != null && !type.IsInstanceOfType(value))
            {
                throw new AmberAkkaException(
                    "The payload holds a " + value.GetType().FullName + ", not the type its manifest names",
                    "The bytes and the manifest stored with them do not belong together; check where the row or message was changed.",
                    manifest);
            }
            // This serializer never writes null (Akka sends null through its own serializer), so a null payload was not written by it.
            return value ?? throw new AmberAkkaException(
                "The payload holds null, which an Akka message, event or snapshot cannot be",
                "The bytes were not written by AmberAkkaSerializer; check the serializer identifier stored with them.",
                manifest);
        }

        private static AmberException CannotCarry(Type type)
        {
            if (!AmberFormatterRegistry.IsRegistered(type))
            {
                return new AmberException(
                    "Amber has no formatter for the Akka message type '" + type.FullName + "', which a serialization binding sends to Amber",
                    -1,
                    "The Amber generator writes formatters for the message types code passes to Tell, Ask, Forward, Receive<T>, Persist, " +
                    "SaveSnapshot and the other Akka APIs Amber.Akka names. If '" + type.Name + "' is only ever created by generic code or " +
                    "reflection, mark that code's type parameter [AmberRoot], or add [assembly: Amber.AmberSerializable(typeof(" + type.Name +
                    "))] to the project that declares it; or bind it to another serializer.");
            }
            return new AmberException(
                "Amber can write the type '" + type.FullName + "' but has no name for it to use as an Akka manifest",
                -1,
                "Send and persist classes, records or structs of your own (a collection or a built-in type is carried inside one of them), " +
                "or bind '" + type.Name + "' to another serializer.");
        }
    }
}
