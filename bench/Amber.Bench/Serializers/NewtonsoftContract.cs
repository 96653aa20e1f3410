using System;
using System.Collections.Generic;
using System.Reflection;
using Amber.Bench.Workloads;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Json.NET's contracts for the suite: the defaults, plus what the workloads' shapes need, named here
    /// rather than marked on the model types (none of them carries an attribute): the private members
    /// they hold, and type names (<see cref="TypeNameHandling.Auto"/>) on exactly the members declared
    /// as a polymorphic base in <see cref="KnownSubtypes"/> or as a collection of one, so a derived
    /// object gets a "$type" and nothing else does (a List behind an IEnumerable member does not).
    /// One shared instance, because Json.NET caches the contracts it builds per resolver.
    /// </summary>
    public sealed class BenchContractResolver : DefaultContractResolver
    {
        public static readonly BenchContractResolver Instance = new BenchContractResolver();

        /// <summary>Non-public members that are data: (declaring type, member name).</summary>
        private static readonly (Type Owner, string Member)[] PrivateMembers =
        {
            (typeof(BookShelf), "Secret"),
        };

        private BenchContractResolver()
        {
        }

        protected override JsonProperty CreateProperty(MemberInfo member, MemberSerialization memberSerialization)
        {
            JsonProperty property = base.CreateProperty(member, memberSerialization);
            Type declared = property.PropertyType!;
            if (KnownSubtypes.IsBase(declared)) property.TypeNameHandling = TypeNameHandling.Auto;
            else if (ElementType(declared) is Type element && KnownSubtypes.IsBase(element)) property.ItemTypeNameHandling = TypeNameHandling.Auto;
            return property;
        }

        /// <summary>The value type of a dictionary or the element type of a sequence; null for anything else.</summary>
        private static Type? ElementType(Type type)
        {
            if (type == typeof(string)) return null;
            Type? dictionary = Array.Find(type.GetInterfaces(), i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IDictionary<,>));
            if (dictionary != null) return dictionary.GetGenericArguments()[1];
            Type? sequence = Array.Find(type.GetInterfaces(), i => i.IsGenericType && i.GetGenericTypeDefinition() == typeof(IEnumerable<>));
            return sequence?.GetGenericArguments()[0];
        }

        protected override IList<JsonProperty> CreateProperties(Type type, MemberSerialization memberSerialization)
        {
            IList<JsonProperty> properties = base.CreateProperties(type, memberSerialization);
            foreach ((Type owner, string name) in PrivateMembers)
            {
                if (owner != type) continue;
                const BindingFlags Private = BindingFlags.Instance | BindingFlags.NonPublic;
                MemberInfo member = (MemberInfo?)type.GetProperty(name, Private) ?? type.GetField(name, Private)
                    ?? throw new InvalidOperationException($"{type.Name} has no private member '{name}'.");
                JsonProperty property = CreateProperty(member, memberSerialization);
                property.Readable = true;
                property.Writable = true;
                properties.Add(property);
            }
            return properties;
        }
    }

    /// <summary>
    /// The allow-list for "$type" names: only the derived types in <see cref="KnownSubtypes"/>,
    /// named by their short discriminator (the same names System.Text.Json writes), never an
    /// assembly-qualified name a payload could choose freely.
    /// </summary>
    public sealed class KnownTypesBinder : ISerializationBinder
    {
        public static readonly KnownTypesBinder Instance = new KnownTypesBinder();

        private KnownTypesBinder()
        {
        }

        public void BindToName(Type serializedType, out string? assemblyName, out string? typeName)
        {
            if (!KnownSubtypes.IsDerived(serializedType))
                throw new JsonSerializationException($"{serializedType.FullName} is not on the suite's list of derived types (Serializers/KnownSubtypes.cs).");
            assemblyName = null;
            typeName = KnownSubtypes.Discriminator(serializedType);
        }

        public Type BindToType(string? assemblyName, string typeName) =>
            (assemblyName == null ? KnownSubtypes.FromDiscriminator(typeName) : null)
                ?? throw new JsonSerializationException($"'{typeName}' is not a known derived type.");
    }
}
