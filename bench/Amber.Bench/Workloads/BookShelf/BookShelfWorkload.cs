using System.Collections.Generic;

namespace Amber.Bench.Workloads
{
    public sealed partial class BookShelfWorkload : Workload
    {
        public static readonly int[] SweepSizes = { 1, 10, 100, 1_000, 10_000, 100_000, 1_000_000 };

        public override string Name => "bookshelf";

        public override string Description => "BookShelf of N books: Title \"Book {i}\", Id i, BookData null";

        public override IReadOnlyList<string> Footnotes => new[]
        {
            "bookshelf: BookShelf.Secret is a private property, and every serializer round-trips it: Amber through [AmberInclude] on the member (generated UnsafeAccessor code), "
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

        private WorkloadCase Create(int n) => new WorkloadCase<BookShelf>(Name, n, BookShelfGenerator.Create(n), Compare);
    }
}
