using System.Collections.Generic;
using System.Runtime.CompilerServices;
using MemoryPack;
using MessagePack;
using Orleans;
using PolyType;
using ProtoBuf;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// A bookshelf with a private member. <c>[AmberInclude]</c> is the one serializer attribute on
    /// a model type in the suite: a private member is not data unless its owner says so, so some opt-in
    /// is unavoidable. The peers opt in from outside instead (see <see cref="BookShelfSecret"/>).
    /// </summary>
    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class BookShelf
    {
        [MemoryPackConstructor]
        public BookShelf()
        {
        }

        public BookShelf(string secret)
        {
            Secret = secret;
        }

        [MemoryPackOrder(0), Key(0), ProtoMember(1), NullWrappedCollection, Id(0)]
        public List<Book>? Books { get; set; }

        [AmberInclude]
        [MemoryPackInclude]
        [PropertyShape]
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        private string Secret { get; set; } = "";
    }

    /// <summary>
    /// Reaches <see cref="BookShelf"/>'s private Secret from outside the type, with no reflection:
    /// the comparison reads it through this, and so does System.Text.Json's contract modifier.
    /// </summary>
    public static class BookShelfSecret
    {
        [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "get_Secret")]
        public static extern string Get(BookShelf shelf);

        [UnsafeAccessor(UnsafeAccessorKind.Method, Name = "set_Secret")]
        public static extern void Set(BookShelf shelf, string value);
    }

    [MemoryPackable(ModelFlavour.MemoryPackMode)]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial class Book
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public string? Title { get; set; }
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public int Id { get; set; }
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public byte[]? BookData { get; set; }
    }
}
