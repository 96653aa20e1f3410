using System.Collections.Generic;

namespace Amber.Tests.Models
{
    // Two versions of one type are two classes with the same member names: the type name is not on
    // the wire (docs/format.md §4, §5), so data written by ContactV1 is what ContactV2 would read
    // after the type was changed. Used by tests/Amber.Tests/Serialization/VersionToleranceTests.cs.

    // ---- added members

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
        public int Score { get; set; } = 7;
        public int? Limit { get; set; } = 10;
        public int? InitLimit { get; init; } = 11;
        public List<string> Tags { get; set; } = new List<string> { "new" };
        public Address? Home { get; set; }
    }

    /// <summary>ContactV1 with members added before, between and after its own, none of them a Nullable with a default: old data reads positionally.</summary>
    public class ContactV2Inserted
    {
        public int Id { get; set; } = 42;
        public string? Name { get; set; }
        public string Nick { get; set; } = "none";
        public int Age { get; set; }
        public double? Rating { get; set; }
        public List<int> Scores { get; set; } = new List<int> { 1 };
    }

    public record ContactRecordV1(string? Name, int Age);

    public record ContactRecordV2(string? Name, int Age, string Email = "unknown", int Level = 3, int? Limit = 12);

    public record ContactRecordV3(string? Name, int Age)
    {
        public string Email { get; init; } = "none@example.com";
        public int Count { get; init; } = 5;
        public int? Limit { get; init; } = 6;
    }

    public class ConstructedContactV3
    {
        public ConstructedContactV3(string? name, int age)
        {
            Name = name;
            Age = age;
        }

        public string? Name { get; }
        public int Age { get; }
        public int Count { get; init; } = 5;
        public string Email { get; set; } = "none@example.com";
    }

    // ---- removed members, including nested objects, lists of objects and dictionaries of objects

    public class Address
    {
        public string? Street { get; set; }
        public string? City { get; set; }
        public int Zip { get; set; }
    }

    public class LineItem
    {
        public string? Sku { get; set; }
        public int Quantity { get; set; }
        public Address? ShipTo { get; set; }
    }

    public class OrderV1
    {
        public int Id { get; set; }
        public Address? Shipping { get; set; }
        public List<LineItem>? Lines { get; set; }
        public Dictionary<string, Address>? Extra { get; set; }
        public LineItem[]? Archived { get; set; }
        public string? Note { get; set; }
        public Address? Billing { get; set; }
        public LineItem? Featured { get; set; }
    }

    public class OrderV2
    {
        public int Id { get; set; }
        public string? Note { get; set; }
        public Address? Billing { get; set; }
        public LineItem? Featured { get; set; }
    }

    // ---- reordered members

    public class ReorderV1
    {
        public int A { get; set; }
        public string? B { get; set; }
        public double C { get; set; }
        public List<int>? D { get; set; }
    }

    public class ReorderV2
    {
        public List<int>? D { get; set; }
        public double C { get; set; }
        public int A { get; set; }
        public string? B { get; set; }
    }

    // ---- renamed members

    public class RenameV1
    {
        public string? Title { get; set; }
        public int Count { get; set; }
    }

    public class RenameV2
    {
        [AmberFormerName("Title")]
        public string? Heading { get; set; }

        public int Count { get; set; }

        public bool Added { get; set; }
    }

    public class RenameV0
    {
        public string? Caption { get; set; }
        public int Count { get; set; }
    }

    public class RenameV3
    {
        [AmberFormerName("Title")]
        [AmberFormerName("Caption")]
        public string? Heading { get; set; }

        public int Count { get; set; }
    }

    // ---- changed member types

    public class WidenIntV1 { public int Value { get; set; } public string? Tail { get; set; } }

    public class WidenIntV2 { public long Value { get; set; } public string? Tail { get; set; } }

    public class WidenShortV1 { public short Value { get; set; } public string? Tail { get; set; } }

    public class WidenShortV2 { public int Value { get; set; } public string? Tail { get; set; } }

    public class WidenFloatV1 { public float Value { get; set; } public string? Tail { get; set; } }

    public class WidenFloatV2 { public double Value { get; set; } public string? Tail { get; set; } }

    public class NullableV1 { public int Value { get; set; } public string? Tail { get; set; } }

    public class NullableV2 { public int? Value { get; set; } public string? Tail { get; set; } }

    public class TypeChangeV1 { public int Id { get; set; } public string? Code { get; set; } }

    public class TypeChangeV2 { public int Id { get; set; } public int Code { get; set; } }

    // ---- version skew inside a list of objects

    public class TeamMemberV1
    {
        public string? Name { get; set; }
        public int Age { get; set; }
        public Address? Office { get; set; }
    }

    public class TeamMemberV2
    {
        public string? Name { get; set; }
        public long Age { get; set; }
        public string Role { get; set; } = "member";
    }

    public class TeamV1
    {
        public string? Team { get; set; }
        public List<TeamMemberV1>? Members { get; set; }
        public TeamMemberV1? Lead { get; set; }
    }

    public class TeamV2
    {
        public string? Team { get; set; }
        public List<TeamMemberV2>? Members { get; set; }
        public TeamMemberV2? Lead { get; set; }
    }
}
