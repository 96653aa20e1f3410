using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Text.Json;
using Amber.Json;
using BenchmarkDotNet.Attributes;

namespace Amber.Benchmarks
{
    /// <summary>A catalog of every kind of value the format has: nested objects, strings, packed and unpacked sequences, a map.</summary>
    public class Catalog
    {
        public string? Name { get; set; }
        public List<Product>? Products { get; set; }
        public Dictionary<string, int>? Stock { get; set; }
        public int[]? Codes { get; set; }
        public DateTime Published { get; set; }
    }

    public class Product
    {
        public int Id { get; set; }
        public string? Name { get; set; }
        public double Price { get; set; }
        public Guid Sku { get; set; }
        public bool? Active { get; set; }
        public List<string>? Tags { get; set; }
        public Size? Box { get; set; }
    }

    public class Size
    {
        public float Width { get; set; }
        public float Height { get; set; }
        public float Depth { get; set; }
    }

    /// <summary>The catalog as a reader that has none of its members: every value is skipped.</summary>
    public class CatalogWithoutMembers
    {
    }

    /// <summary>The catalog as a reader that keeps what it does not know: every value is copied into the kept members.</summary>
    public class CatalogKept
    {
        public AmberUnknownMembers? Unknown { get; set; }
    }

    /// <summary>
    /// The three walks of a payload's structure that do not build the writer's objects: skipping the members a reader
    /// lacks, keeping them (copied with their shapes, format §5.2), and the JSON view. One catalog of 500 products.
    /// </summary>
    [MemoryDiagnoser]
    public class StructureBenchmarks
    {
        private byte[] _payload = Array.Empty<byte>();
        private readonly ArrayBufferWriter<byte> _json = new ArrayBufferWriter<byte>(1 << 20);
        private Utf8JsonWriter _writer = null!;

        [GlobalSetup]
        public void Setup()
        {
            var random = new Random(TestData.Seed);
            var catalog = new Catalog
            {
                Name = "Spring catalog",
                Published = new DateTime(2026, 3, 1, 9, 0, 0, DateTimeKind.Utc),
                Products = Enumerable.Range(0, 500).Select(i => new Product
                {
                    Id = i,
                    Name = "Product " + i,
                    Price = Math.Round(random.NextDouble() * 1000, 2),
                    Sku = new Guid(i, 7, 11, 1, 2, 3, 4, 5, 6, 7, 8),
                    Active = i % 3 == 0 ? null : i % 3 == 1,
                    Tags = i % 4 == 0 ? null : new List<string> { "tag" + (i % 10), "kind" + (i % 7) },
                    Box = i % 5 == 0 ? null : new Size { Width = i, Height = i / 2f, Depth = 1.5f },
                }).ToList(),
                Stock = Enumerable.Range(0, 200).ToDictionary(i => "sku-" + i, i => i * 3),
                Codes = Enumerable.Range(0, 300).Select(i => i * 37).ToArray(),
            };
            _payload = AmberSerializer.Serialize(catalog);
            _writer = new Utf8JsonWriter(_json);
            // Each reads the whole payload: a kept copy holds every member, a skip reads to the end, the view shows every product.
            if (AmberSerializer.Deserialize<CatalogKept>(_payload)?.Unknown?.Count != 5) throw new InvalidOperationException("The kept copy lost members.");
            AmberSerializer.Deserialize<CatalogWithoutMembers>(_payload);
            if (!AmberJson.ToJson<Catalog>(_payload).Contains("\"Product 499\"", StringComparison.Ordinal)) throw new InvalidOperationException("The view lost products.");
        }

        [Benchmark(Description = "Skip")]
        public CatalogWithoutMembers? Skip() => AmberSerializer.Deserialize<CatalogWithoutMembers>(_payload);

        [Benchmark(Description = "Keep (copy)")]
        public CatalogKept? Keep() => AmberSerializer.Deserialize<CatalogKept>(_payload);

        [Benchmark(Description = "JSON view")]
        public int JsonView()
        {
            _json.ResetWrittenCount();
            _writer.Reset(_json);
            AmberJson.ToJson<Catalog>(_payload, _writer);
            return _json.WrittenCount;
        }
    }
}
