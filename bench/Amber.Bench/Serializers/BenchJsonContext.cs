using System.Text.Json.Serialization;
using Amber.Bench.Workloads;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// The System.Text.Json source-generated metadata for every workload root (the peer's
    /// reflection-free, AOT-safe mode). Each workload adds one [JsonSerializable] line for its root
    /// type here; nested types are found by the generator. IncludeFields so that structs with public
    /// fields (Vector3) are written, as every other serializer in the suite writes them.
    /// </summary>
    /// <remarks>
    /// A type with a null-able byte[] member must be listed with GenerationMode = Metadata: the
    /// generated fast path writes a null byte[] as "" (it passes the array to WriteBase64String as a
    /// span), so it reads back as an empty array and fails the comparison (dotnet/runtime#129833,
    /// fixed upstream after the .NET 10.0.12 runtime this suite was first run on). Metadata mode
    /// goes through the built-in byte[] converter, which writes null. Only those types lose the fast path.
    /// </remarks>
    [JsonSourceGenerationOptions(IncludeFields = true)]
    [JsonSerializable(typeof(MessageEnvelope))]
    [JsonSerializable(typeof(BookShelf))]
    [JsonSerializable(typeof(Book), GenerationMode = JsonSourceGenerationMode.Metadata)]
    [JsonSerializable(typeof(Vector3[]))]
    [JsonSerializable(typeof(System.Collections.Generic.List<Amber.Bench.Workloads.Sport.SportEvent>))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.GameState))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.BootResponse))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.TradeBlotter))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.ReadingLog))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.Scene))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.Message))]
    // Derived types a polymorphic member may hold (Serializers/KnownSubtypes.cs): the generator only
    // sees the declared base types, so the derived ones are listed to get metadata too.
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.Weapon))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.Armor))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.Consumable))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.Currency))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.DailyMission))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.StoryMission))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.EventMission))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.FriendProfile))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Boot.PlayerProfile))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.WeaponItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.RangedWeaponItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.KeyItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.ContainerItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.ConsumableItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.DocumentItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Game.TrinketItem))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.ChatMessage))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.MoveMessage))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.PingMessage))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.AckMessage))]
    [JsonSerializable(typeof(Amber.Bench.Workloads.Everyday.JoinMessage))]
    public sealed partial class BenchJsonContext : JsonSerializerContext
    {
    }
}
