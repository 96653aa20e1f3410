using MemoryPack;
using Amber.Bench.Workloads.Boot;

namespace Amber.Bench.Workloads
{
    // MemoryPack's unions need an abstract base or an interface (MEMPACK011), and a member declared as
    // a MemoryPackable class is written as exactly that class: a FriendProfile in a member declared
    // PublicProfile would lose its own members. PublicProfile is a concrete class with subclasses, so
    // the members declared as it carry this formatter, which is what a MemoryPack user writes for such
    // a member: a union header with the case's tag, then the value written by the case's own generated
    // code. (Members declared as the abstract Item and Mission use MemoryPack's own unions.)

    /// <summary>Mail.Sender and LeaderboardEntry.Player: a PublicProfile (tag 0), FriendProfile (1) or PlayerProfile (2).</summary>
    public sealed class PublicProfileUnionFormatter : MemoryPackCustomFormatterAttribute<PublicProfile>
    {
        private static readonly Formatter Instance = new Formatter();

        public override IMemoryPackFormatter<PublicProfile> GetFormatter() => Instance;

        private sealed class Formatter : MemoryPackFormatter<PublicProfile>
        {
            public override void Serialize<TBufferWriter>(ref MemoryPackWriter<TBufferWriter> writer, scoped ref PublicProfile? value)
            {
                switch (value)
                {
                    case null: writer.WriteNullUnionHeader(); break;
                    case FriendProfile friend: writer.WriteUnionHeader(1); writer.WritePackable(friend); break;
                    case PlayerProfile player: writer.WriteUnionHeader(2); writer.WritePackable(player); break;
                    default: writer.WriteUnionHeader(0); writer.WritePackable(value); break;
                }
            }

            public override void Deserialize(ref MemoryPackReader reader, scoped ref PublicProfile? value)
            {
                if (!reader.TryReadUnionHeader(out ushort tag)) { value = null; return; }
                value = tag switch
                {
                    0 => reader.ReadPackable<PublicProfile>(),
                    1 => reader.ReadPackable<FriendProfile>(),
                    2 => reader.ReadPackable<PlayerProfile>(),
                    _ => throw new MemoryPackSerializationException($"Unknown PublicProfile tag {tag}."),
                };
            }
        }
    }
}
