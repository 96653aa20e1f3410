using System;
using System.Collections.Generic;

namespace Amber.Benchmarks
{
    // The comparison suite's model types (bench/Amber.Bench/Workloads), repeated here so this project
    // stands alone. They carry no attributes: Amber finds them from the AmberSerializer calls, MessagePack
    // reads them with its contractless resolver and Nerdbank.MessagePack through a PolyType witness class
    // (Models.Nerdbank.cs). The peers that need attributes use the suite's attributed types where they
    // fit (bench/Amber.Bench/Workloads/Envelope/Model.cs and Vector3/Model.cs, linked by the project file)
    // and copies of their own, in their own namespaces, where they do not (Models.MemoryPack.cs,
    // Models.MessagePack.cs, Models.Protobuf.cs, Models.Orleans.cs say which and why); either way they are
    // filled from these by ModelCopy and checked against these by ModelComparer.
    // These plain types stay: MessagePack's contractless resolver honours [MessagePackObject]/[Key] where a
    // type has them (the suite's types do, so they would be read with int keys, not by name), and the
    // suite's BookShelf has a private Secret that these benchmarks leave out.

    /// <summary>The relay's network message.</summary>
    public class MessageEnvelope
    {
        public bool IsInternal { get; set; }
        public DateTime TimeStamp { get; set; }
        public Guid MessageId { get; set; }
        public string? Header { get; set; }
        public Guid From { get; set; }
        public Guid To { get; set; }
        public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    /// <summary>
    /// The bookshelf workload's type. The big suite's BookShelf also has a private Secret (opted in with [AmberInclude]);
    /// it is left out here, so every peer measures the same public members without contract tweaks.
    /// </summary>
    public class BookShelf
    {
        public List<Book>? Books { get; set; }
    }

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    /// <summary>A struct of three floats, like System.Numerics.Vector3.</summary>
    public struct Vector3
    {
        public float X;
        public float Y;
        public float Z;
    }

    /// <summary>The three shapes' test values, made the same way on every run.</summary>
    public static class TestData
    {
        public const int Seed = 20261122;
        public const int BookCount = 1_000;
        public const int VectorCount = 1_000;

        /// <summary>Header "Test", fixed From/To Guids, everything else default.</summary>
        public static MessageEnvelope Envelope() => new MessageEnvelope
        {
            Header = "Test",
            From = new Guid("6f1d3a52-9c4e-4b8a-a0d2-3e5f7c9b1a04"),
            To = new Guid("c2b8e7f1-05a3-4d6c-9e1b-8a7f4d2c6b30"),
        };

        /// <summary>Book i: Title "Book {i}", Id i, BookData null.</summary>
        public static BookShelf Shelf()
        {
            var books = new List<Book>(BookCount);
            for (int i = 0; i < BookCount; i++) books.Add(new Book { Title = $"Book {i}", Id = i });
            return new BookShelf { Books = books };
        }

        public static Vector3[] Vectors()
        {
            var random = new Random(Seed);
            var values = new Vector3[VectorCount];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = new Vector3 { X = (float)random.NextDouble() * 100f, Y = (float)random.NextDouble() * 100f, Z = (float)random.NextDouble() * 100f };
            }
            return values;
        }
    }
}
