using System;
using System.Collections.Generic;

// No [assembly: AmberSerializable]: each cached type is also named where the generator sees it, at an
// AmberSerializer call or at AddAmberSerializer<T>, whose T is marked [AmberRoot] (ContactV2 only there).

namespace Amber.Caching.Tests
{
    // Plain classes: no attributes, nested collections.
    public class Order
    {
        public int Id { get; set; }
        public string? Customer { get; set; }
        public List<OrderLine> Lines { get; set; } = new List<OrderLine>();
        public Dictionary<string, List<int>> Buckets { get; set; } = new Dictionary<string, List<int>>();
        public DateTime Placed { get; set; }

        public static Order Sample(int id) => new Order
        {
            Id = id,
            Customer = "customer " + id,
            Placed = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc),
            Lines =
            {
                new OrderLine { Sku = "A-1", Quantity = 2, Price = 9.5m, Tags = { "red", "small" } },
                new OrderLine { Sku = "B-2", Quantity = id, Price = 120m },
            },
            Buckets = { ["even"] = new List<int> { 0, 2, 4 }, ["odd"] = new List<int> { 1, 3 } },
        };
    }

    public class OrderLine
    {
        public string Sku { get; set; } = "";
        public int Quantity { get; set; }
        public decimal Price { get; set; }
        public List<string> Tags { get; set; } = new List<string>();
    }

    // Two versions of one cached type: the type name is not on Amber's wire, so ContactV2 reads what
    // ContactV1 wrote, as a newer build of the same service would.
    public class ContactV1
    {
        public string? Name { get; set; }
        public int Age { get; set; }
    }

    public class ContactV2
    {
        public string? Name { get; set; }
        public int Age { get; set; }
        public string Email { get; set; } = "none@example.com";
        public List<string> Tags { get; set; } = new List<string> { "new" };
    }

    // Never named to Amber and never passed to AmberSerializer: Amber has no codec for it.
    public class NoCodec
    {
        public string? Text { get; set; }
        public int Number { get; set; }
    }
}
