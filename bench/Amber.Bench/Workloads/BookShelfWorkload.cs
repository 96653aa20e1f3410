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
    /// Report 5's type, with its private member. <c>[AmberInclude]</c> is the one serializer attribute on
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

    public sealed class BookShelfWorkload : Workload
    {
        public static readonly int[] SweepSizes = { 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000 };

        public override string Name => "bookshelf";

        public override string Description => "BookShelf of N books: Title \"Book {i}\", Id i, BookData null";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "bookshelf: BookShelf.Secret is a private property, as in the brief, and every serializer round-trips it: Amber through [AmberInclude] on the member (generated UnsafeAccessor code), "
                + "System.Text.Json through a contract modifier that adds a \"Secret\" property whose getter and setter are UnsafeAccessor methods, Newtonsoft.Json through a contract resolver that adds the private property (Json.NET's reflection-based accessors), "
                + "Orleans through its [Id(1)] on the member (its contract attribute, like every other member's; the generated codec reaches the backing field through an UnsafeAccessor), "
                + "Nerdbank.MessagePack through [PropertyShape] on the member (PolyType's opt-in for a non-public member; its one attribute on a model type), "
                + "MemoryPack through [MemoryPackInclude] with its [MemoryPackOrder] (and [MemoryPackConstructor] on the parameterless constructor, since BookShelf has two), "
                + "MessagePack through its resolvers that allow private members (StandardResolverAllowPrivate with the member's [Key(1)]; ContractlessStandardResolverAllowPrivate by name), protobuf-net through its [ProtoMember(2)] on the member.",
        };

        public override IEnumerable<WorkloadCase> Cases(BenchScale scale, bool sweep)
        {
            if (sweep && !scale.IsTiny)
            {
                foreach (int n in SweepSizes) yield return Create(n);
            }
            else
            {
                yield return Create(scale.BookshelfN);
            }
        }

        private WorkloadCase Create(int n)
        {
            var books = new List<Book>(n);
            for (int i = 0; i < n; i++) books.Add(new Book { Title = "Book " + i, Id = i });
            return new WorkloadCase<BookShelf>(Name, n, new BookShelf("private member value") { Books = books }, Compare);
        }

        public static void Compare(Comparer c, BookShelf e, BookShelf a)
        {
            c.Equal("Secret", BookShelfSecret.Get(e), BookShelfSecret.Get(a));
            c.Sequence("Books", e.Books, a.Books, (cc, p, x, y) =>
            {
                cc.Equal(p + ".Title", x.Title, y.Title);
                cc.Equal(p + ".Id", x.Id, y.Id);
                cc.Bytes(p + ".BookData", x.BookData, y.BookData);
            });
        }
    }
}
