#if !COLDSTART_MEMORYPACK
using System;
using System.Diagnostics;

namespace Amber.Bench.Workloads
{
    // In a build for any serializer but MemoryPack, the model's MemoryPack attributes come from
    // MemoryPack.Core without MemoryPack's generator, and the two member formatters the model names
    // (Workloads/GameState/MemoryPackFormatters.cs, Workloads/BootPayload/MemoryPackFormatters.cs) are
    // written against that generated code. These stand in for them: same names, no behaviour, never
    // emitted (no symbol defines NEVER).

    /// <summary>Stands in for the MemoryPack member formatter on GameCharacter.EquippedWeapon.</summary>
    [Conditional("NEVER")]
    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field)]
    public sealed class WeaponItemUnionFormatter : Attribute
    {
    }

    /// <summary>Stands in for the MemoryPack member formatter on the bootpayload's PublicProfile members.</summary>
    [Conditional("NEVER")]
    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field)]
    public sealed class PublicProfileUnionFormatter : Attribute
    {
    }
}
#endif
