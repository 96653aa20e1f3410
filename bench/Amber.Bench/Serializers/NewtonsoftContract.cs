using System;
using System.Collections.Generic;
using System.Reflection;
using Amber.Bench.Workloads;
using Newtonsoft.Json;
using Newtonsoft.Json.Serialization;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// Json.NET's contracts for the suite: the defaults, plus the private members the brief's shapes
    /// hold, named here rather than marked on the model types (none of them carries an attribute).
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
}
