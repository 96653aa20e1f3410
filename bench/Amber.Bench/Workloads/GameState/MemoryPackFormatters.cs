using MemoryPack;
using Amber.Bench.Workloads.Game;

namespace Amber.Bench.Workloads
{
    // MemoryPack's unions need an abstract base or an interface (MEMPACK011), and a member declared as
    // a MemoryPackable class is written as exactly that class: a RangedWeaponItem in a member declared
    // WeaponItem would lose its Range and Ammo. WeaponItem is a concrete class with a subclass, so
    // GameCharacter.EquippedWeapon carries this formatter, which is what a MemoryPack user writes for
    // such a member: a union header with the case's tag, then the value written by the case's own
    // generated code. (Members declared as the abstract GameItem use MemoryPack's own union.)

    /// <summary>GameCharacter.EquippedWeapon: a WeaponItem (tag 0) or a RangedWeaponItem (tag 1).</summary>
    public sealed class WeaponItemUnionFormatter : MemoryPackCustomFormatterAttribute<WeaponItem>
    {
        private static readonly Formatter Instance = new Formatter();

        public override IMemoryPackFormatter<WeaponItem> GetFormatter() => Instance;

        private sealed class Formatter : MemoryPackFormatter<WeaponItem>
        {
            public override void Serialize<TBufferWriter>(ref MemoryPackWriter<TBufferWriter> writer, scoped ref WeaponItem? value)
            {
                switch (value)
                {
                    case null: writer.WriteNullUnionHeader(); break;
                    case RangedWeaponItem ranged: writer.WriteUnionHeader(1); writer.WritePackable(ranged); break;
                    default: writer.WriteUnionHeader(0); writer.WritePackable(value); break;
                }
            }

            public override void Deserialize(ref MemoryPackReader reader, scoped ref WeaponItem? value)
            {
                if (!reader.TryReadUnionHeader(out ushort tag)) { value = null; return; }
                value = tag switch
                {
                    0 => reader.ReadPackable<WeaponItem>(),
                    1 => reader.ReadPackable<RangedWeaponItem>(),
                    _ => throw new MemoryPackSerializationException($"Unknown WeaponItem tag {tag}."),
                };
            }
        }
    }
}
