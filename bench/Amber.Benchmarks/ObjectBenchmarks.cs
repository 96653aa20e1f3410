using System;
using System.Buffers;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace Amber.Benchmarks
{
    /// <summary>The envelope workload: one small object into a reused buffer writer and back.</summary>
    [MemoryDiagnoser]
    public class EnvelopeBenchmarks
    {
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1024);
        private MessageEnvelope _value = null!;
        private byte[] _payload = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(20261122);
            _value = new MessageEnvelope { Header = "Test", From = NewGuid(random), To = NewGuid(random) };
            AmberSerializer.Serialize(_output, _value);
            _payload = _output.WrittenSpan.ToArray();
        }

        [Benchmark]
        public int Serialize()
        {
            _output.ResetWrittenCount();
            AmberSerializer.Serialize(_output, _value);
            return _output.WrittenCount;
        }

        [Benchmark]
        public MessageEnvelope? Deserialize() => AmberSerializer.Deserialize<MessageEnvelope>(_payload);

        internal static Guid NewGuid(Random random)
        {
            var bytes = new byte[16];
            random.NextBytes(bytes);
            return new Guid(bytes);
        }
    }

    /// <summary>The bookshelf workload at 1,000 books.</summary>
    [MemoryDiagnoser]
    public class BookShelfBenchmarks
    {
        private readonly ArrayBufferWriter<byte> _output = new ArrayBufferWriter<byte>(1 << 16);
        private BookShelf _value = null!;
        private byte[] _payload = null!;

        [Params(1_000)]
        public int Books { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            var books = new List<Book>(Books);
            for (int i = 0; i < Books; i++) books.Add(new Book { Title = "Book " + i, Id = i });
            _value = new BookShelf { Books = books, Secret = "private member value" };
            AmberSerializer.Serialize(_output, _value);
            _payload = _output.WrittenSpan.ToArray();
        }

        [Benchmark]
        public int Serialize()
        {
            _output.ResetWrittenCount();
            AmberSerializer.Serialize(_output, _value);
            return _output.WrittenCount;
        }

        [Benchmark]
        public BookShelf? Deserialize() => AmberSerializer.Deserialize<BookShelf>(_payload);
    }
}
