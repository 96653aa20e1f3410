using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Bench.Workloads.Boot;
using Amber.Bench.Workloads.Everyday;
using Amber.Bench.Workloads.Game;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// The class hierarchies the workloads declare members with: a member of a base type that holds
    /// derived ones. Amber's generator finds these by itself at compile time; System.Text.Json
    /// (<see cref="BenchJsonContract"/>) and Json.NET (<see cref="BenchContractResolver"/>,
    /// <see cref="KnownTypesBinder"/>) are told them here, from outside the model types.
    /// </summary>
    public static class KnownSubtypes
    {
        private const string WorkloadsNamespace = "Amber.Bench.Workloads.";

        /// <summary>Each polymorphic base and every concrete type a member of that base may hold, other than the base itself.</summary>
        private static readonly Dictionary<Type, Type[]> ByBase = new Dictionary<Type, Type[]>
        {
            [typeof(Item)] = new[] { typeof(Weapon), typeof(Armor), typeof(Consumable), typeof(Currency) },
            [typeof(Mission)] = new[] { typeof(DailyMission), typeof(StoryMission), typeof(EventMission) },
            [typeof(PublicProfile)] = new[] { typeof(FriendProfile), typeof(PlayerProfile) },
            [typeof(GameItem)] = new[] { typeof(WeaponItem), typeof(RangedWeaponItem), typeof(KeyItem), typeof(ContainerItem), typeof(ConsumableItem), typeof(DocumentItem), typeof(TrinketItem) },
            [typeof(WeaponItem)] = new[] { typeof(RangedWeaponItem) },
            [typeof(Message)] = new[] { typeof(ChatMessage), typeof(MoveMessage), typeof(PingMessage), typeof(AckMessage), typeof(JoinMessage) },
        };

        private static readonly Dictionary<Type, string> Names =
            ByBase.Values.SelectMany(t => t).Distinct().ToDictionary(t => t, NameInWorkloads);

        private static readonly Dictionary<string, Type> ByDiscriminator = Names.ToDictionary(p => p.Value, p => p.Key, StringComparer.Ordinal);

        /// <summary>The derived types a member declared as <paramref name="baseType"/> may hold; empty when the type is not a polymorphic base.</summary>
        public static IReadOnlyList<Type> Of(Type baseType) => ByBase.TryGetValue(baseType, out Type[]? derived) ? derived : Array.Empty<Type>();

        public static bool IsBase(Type type) => ByBase.ContainsKey(type);

        /// <summary>Whether a member of some base type may hold <paramref name="type"/> (it is on the allow-list).</summary>
        public static bool IsDerived(Type type) => Names.ContainsKey(type);

        /// <summary>
        /// What a payload names a derived type by: its full name inside the workloads' namespace
        /// ("Boot.Weapon"), short and unique across workloads. Both JSON peers write the same names.
        /// </summary>
        public static string Discriminator(Type type) =>
            Names.TryGetValue(type, out string? name) ? name : throw new ArgumentException($"{type.FullName} is not on the list of derived types.", nameof(type));

        private static string NameInWorkloads(Type type) =>
            type.FullName!.StartsWith(WorkloadsNamespace, StringComparison.Ordinal)
                ? type.FullName.Substring(WorkloadsNamespace.Length)
                : throw new ArgumentException($"{type.FullName} is not a workload type.", nameof(type));

        /// <summary>The derived type a payload names, or null when the name is not on the allow-list.</summary>
        public static Type? FromDiscriminator(string name) => ByDiscriminator.TryGetValue(name, out Type? type) ? type : null;
    }
}
