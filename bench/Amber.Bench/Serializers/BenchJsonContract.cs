using System;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using Amber.Bench.Workloads;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// What System.Text.Json needs beyond its defaults to round-trip the workloads' shapes, applied from
    /// outside the model types (none of them carries an attribute): a modifier on the source-generated
    /// contracts of <see cref="BenchJsonContext"/>. Only the types named here are changed, so every other
    /// type keeps the generated fast path.
    /// </summary>
    public static class BenchJsonContract
    {
        /// <summary>The source-generated resolver with <see cref="Modify"/> applied to each contract it creates.</summary>
        public static IJsonTypeInfoResolver Resolver { get; } = BenchJsonContext.Default.WithAddedModifier(Modify);

        private static void Modify(JsonTypeInfo info)
        {
            if (info.Type == typeof(BookShelf)) AddSecret(info);
            if (KnownSubtypes.IsBase(info.Type)) MakePolymorphic(info);
        }

        /// <summary>
        /// A member declared as this base type may hold each derived type in <see cref="KnownSubtypes"/>,
        /// written with a "$type" discriminator first in the object (instances of a concrete base
        /// itself get none); an unlisted type fails to serialize rather than losing its members.
        /// </summary>
        private static void MakePolymorphic(JsonTypeInfo info)
        {
            var options = new JsonPolymorphismOptions { UnknownDerivedTypeHandling = JsonUnknownDerivedTypeHandling.FailSerialization };
            foreach (Type derived in KnownSubtypes.Of(info.Type))
            {
                options.DerivedTypes.Add(new JsonDerivedType(derived, KnownSubtypes.Discriminator(derived)));
            }
            info.PolymorphismOptions = options;
        }

        /// <summary>BookShelf's private Secret as a "Secret" property; the getter and setter are UnsafeAccessor methods (no reflection).</summary>
        private static void AddSecret(JsonTypeInfo info)
        {
            JsonPropertyInfo secret = info.CreateJsonPropertyInfo(typeof(string), "Secret");
            secret.Get = shelf => BookShelfSecret.Get((BookShelf)shelf);
            secret.Set = (shelf, value) => BookShelfSecret.Set((BookShelf)shelf, (string)value!);
            info.Properties.Add(secret);
        }
    }
}
