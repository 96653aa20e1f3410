using System.Collections.Generic;

namespace Amber.Generator.Tests.SchemaCheck
{
    /// <summary>
    /// Before/after model pairs for the schema check, one change each, in the mode a team would check it: each with the
    /// findings the check must report (rule, place and directions; the whole report is pinned under Snapshots). Every model's
    /// root is <c>Model.Root</c>, and <c>Model.Sample.Make()</c> fills each member with a value other than its default.
    /// </summary>
    public static class SchemaCheckPairs
    {
        public sealed record Pair(string Name, string Old, string New, string Mode, string[] Expected, string? ReadContains = null)
        {
            public override string ToString() => Name;
        }

        public sealed record Chain(string Name, string[] Versions, string Mode, bool Transitive, string[] Expected)
        {
            public override string ToString() => Name;
        }

        private static string Root(string members, string sample, string extra = "") =>
            "namespace Model\n{\n    public class Root\n    {\n" + members + "\n    }\n" + extra +
            "\n    public static class Sample\n    {\n        public static Root Make() => " + sample + ";\n    }\n}\n";

        private const string Player = "new Root { Player = new Player { Name = \"Ann\", Hand = new Weapon { Damage = 5 } } }";

        private const string ConcreteWeapon = "    public class Weapon { public int Damage { get; set; } }\n    public class Player { public string Name { get; set; } = \"\"; public Weapon Hand { get; set; } = new Weapon(); }";

        private const string AbstractWeapon = "    public abstract class Weapon { public int Damage { get; set; } }\n    public class Sword : Weapon { public int Edge { get; set; } }\n    public class Bow : Weapon { public int Range { get; set; } }\n    public class Player { public string Name { get; set; } = \"\"; public Weapon Hand { get; set; } = new Sword(); }";

        private const string DefaultedWeapon = "    [AmberDefaultSubtype(typeof(Sword))]\n" + AbstractWeapon;

        private const string NewPlayer = "new Root { Player = new Player { Name = \"Ann\", Hand = new Sword { Damage = 5, Edge = 2 } } }";

        private const string Shapes = "    public abstract class Shape { public string Id { get; set; } = \"\"; }\n    public class Circle : Shape { public double R { get; set; } }\n";

        private const string ShapesSample = "new Root { Shapes = new List<Shape> { new Circle { Id = \"c\", R = 1 } } }";

        public static readonly Pair[] All =
        {
            new("member-added", Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                Root("public string Name { get; set; } = \"\";\npublic int Level { get; set; } = 3;", "new Root { Name = \"a\", Level = 4 }"),
                "backward", new[] { "compatible member-added Model.Root.Level (backward)" }, "\"Level\":3"),
            new("member-removed-forward", Root("public string Name { get; set; } = \"\";\npublic int Level { get; set; }", "new Root { Name = \"a\", Level = 4 }"),
                Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                "forward", new[] { "compatible member-removed Model.Root.Level (forward)" }),
            new("member-removed-full", Root("public string Name { get; set; } = \"\";\npublic int Level { get; set; }", "new Root { Name = \"a\", Level = 4 }"),
                Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                "full", new[] { "compatible member-removed Model.Root.Level (backward, forward)" }),
            new("members-reordered", Root("public int A { get; set; }\npublic string B { get; set; } = \"\";", "new Root { A = 1, B = \"b\" }"),
                Root("public string B { get; set; } = \"\";\npublic int A { get; set; }", "new Root { A = 1, B = \"b\" }"),
                "full", new string[0], "\"A\":1"),
            new("renamed-with-former-name", Root("public int Score { get; set; }", "new Root { Score = 9 }"),
                Root("[AmberFormerName(\"Score\")] public int Points { get; set; }", "new Root { Points = 9 }"),
                "full", new[] { "compatible member-renamed Model.Root.Points (backward, forward)" }, "\"Points\":9"),
            new("renamed-without-former-name", Root("public int Score { get; set; }", "new Root { Score = 9 }"),
                Root("public int Points { get; set; }", "new Root { Points = 9 }"),
                "backward", new[] { "BREAKING probable-rename Model.Root.Points (backward)" }),
            new("widened-int-to-long", Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                Root("public long Count { get; set; }", "new Root { Count = 7 }"),
                "backward", new[] { "compatible member-widened Model.Root.Count (backward)" }, "\"Count\":7"),
            new("widened-int-to-long-forward", Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                Root("public long Count { get; set; }", "new Root { Count = 7 }"),
                "forward", new[] { "BREAKING member-narrowed Model.Root.Count (forward)" }),
            new("int-to-nullable", Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                Root("public int? Count { get; set; }", "new Root { Count = 7 }"),
                "full", new string[0], "\"Count\":7"),
            new("float-to-double", Root("public float Speed { get; set; }", "new Root { Speed = 1.5f }"),
                Root("public double Speed { get; set; }", "new Root { Speed = 1.5 }"),
                "backward", new[] { "compatible member-widened Model.Root.Speed (backward)" }, "\"Speed\":1.5"),
            new("float-to-double-full", Root("public float Speed { get; set; }", "new Root { Speed = 1.5f }"),
                Root("public double Speed { get; set; }", "new Root { Speed = 1.5 }"),
                "full", new[] { "BREAKING member-narrowed Model.Root.Speed (forward)", "compatible member-widened Model.Root.Speed (backward)" }),
            new("string-to-int", Root("public string Code { get; set; } = \"\";", "new Root { Code = \"x\" }"),
                Root("public int Code { get; set; }", "new Root { Code = 3 }"),
                "full", new[] { "BREAKING member-type-changed Model.Root.Code (forward)", "BREAKING member-type-changed Model.Root.Code (backward)" }),
            new("bool-to-int", Root("public bool Done { get; set; }", "new Root { Done = true }"),
                Root("public int Done { get; set; }", "new Root { Done = 1 }"),
                "backward", new[] { "BREAKING member-type-changed Model.Root.Done (backward)" }),
            new("int-to-uint", Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                Root("public uint Count { get; set; }", "new Root { Count = 7 }"),
                "backward", new[] { "BREAKING member-sign-changed Model.Root.Count (backward)" }),
            new("list-to-array", Root("public List<int> Scores { get; set; } = new();", "new Root { Scores = { 1, 2 } }"),
                Root("public int[] Scores { get; set; } = System.Array.Empty<int>();", "new Root { Scores = new[] { 1, 2 } }"),
                "full", new string[0], "\"Scores\":[1,2]"),
            new("nested-member-changed", Root("public Item Item { get; set; } = new();", "new Root { Item = new Item { Weight = \"9\" } }",
                    "    public class Item { public string Weight { get; set; } = \"\"; }"),
                Root("public Item Item { get; set; } = new();", "new Root { Item = new Item { Weight = 9 } }",
                    "    public class Item { public double Weight { get; set; } }"),
                "backward", new[] { "BREAKING member-type-changed Model.Item.Weight (backward)" }),
            new("enum-value-added", Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Green }", "    public enum Colour { Red, Green }"),
                Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Blue }", "    public enum Colour { Red, Green, Blue }"),
                "backward", new string[0], "\"Colour\":\"Green\""),
            new("enum-value-added-forward", Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Green }", "    public enum Colour { Red, Green }"),
                Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Blue }", "    public enum Colour { Red, Green, Blue }"),
                "forward", new[] { "BREAKING enum-value-missing Model.Colour (forward)" }),
            new("enum-value-removed", Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Blue }", "    public enum Colour { Red, Green, Blue }"),
                Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Green }", "    public enum Colour { Red, Green }"),
                "backward", new[] { "BREAKING enum-value-missing Model.Colour (backward)" }),
            new("enum-value-renumbered", Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Green }", "    public enum Colour { Red = 1, Green = 2 }"),
                Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Green }", "    public enum Colour { Red = 1, Green = 3 }"),
                "full", new[] { "BREAKING enum-value-renumbered Model.Colour (backward, forward)" }),
            new("subtype-added", Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes),
                Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes + "    public class Square : Shape { public double Side { get; set; } }\n"),
                "backward", new string[0], "\"R\":1"),
            new("subtype-added-forward", Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes),
                Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes + "    public class Square : Shape { public double Side { get; set; } }\n"),
                "forward", new[] { "BREAKING subtype-missing Model.Shape (forward)" }),
            new("subtype-removed", Root("public List<Shape> Shapes { get; set; } = new();", "new Root { Shapes = new List<Shape> { new Square { Id = \"s\", Side = 2 } } }", Shapes + "    public class Square : Shape { public double Side { get; set; } }\n"),
                Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes),
                "backward", new[] { "BREAKING subtype-missing Model.Shape (backward)" }),
            new("subtype-renamed-with-former-name", Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes),
                Root("public List<Shape> Shapes { get; set; } = new();", "new Root { Shapes = new List<Shape> { new Ring { Id = \"c\", R = 1 } } }",
                    "    public abstract class Shape { public string Id { get; set; } = \"\"; }\n    [AmberFormerName(\"Model.Circle\")] public class Ring : Shape { public double R { get; set; } }\n"),
                "full", new string[0], "\"R\":1"),
            new("subtype-renamed-without-former-name", Root("public List<Shape> Shapes { get; set; } = new();", ShapesSample, Shapes),
                Root("public List<Shape> Shapes { get; set; } = new();", "new Root { Shapes = new List<Shape> { new Ring { Id = \"c\", R = 1 } } }",
                    "    public abstract class Shape { public string Id { get; set; } = \"\"; }\n    public class Ring : Shape { public double R { get; set; } }\n"),
                "backward", new[] { "BREAKING subtype-missing Model.Shape (backward)" }),
            new("became-abstract", Root("public Player Player { get; set; } = new();", Player, ConcreteWeapon),
                Root("public Player Player { get; set; } = new();", NewPlayer, AbstractWeapon),
                "backward", new[] { "BREAKING type-became-abstract Model.Weapon (backward)" }),
            new("became-abstract-with-default-subtype", Root("public Player Player { get; set; } = new();", Player, ConcreteWeapon),
                Root("public Player Player { get; set; } = new();", NewPlayer, DefaultedWeapon),
                "backward", new[] { "compatible member-added Model.Sword.Edge (backward)" }, "\"$type\":\"Model.Sword\""),
            new("default-subtype-removed", Root("public Player Player { get; set; } = new();", NewPlayer, DefaultedWeapon),
                Root("public Player Player { get; set; } = new();", NewPlayer, AbstractWeapon),
                "backward", new[] { "BREAKING default-subtype-removed Model.Weapon (backward)" }),
            new("default-subtype-changed", Root("public Player Player { get; set; } = new();", NewPlayer, DefaultedWeapon),
                Root("public Player Player { get; set; } = new();", NewPlayer, "    [AmberDefaultSubtype(typeof(Bow))]\n" + AbstractWeapon),
                "backward", new[] { "BREAKING default-subtype-changed Model.Weapon (backward)" }),
            new("struct-became-class", Root("public Point At { get; set; }", "new Root { At = new Point { X = 1, Y = 2 } }", "    public struct Point { public int X { get; set; } public int Y { get; set; } }"),
                Root("public Point At { get; set; } = new();", "new Root { At = new Point { X = 1, Y = 2 } }", "    public class Point { public int X { get; set; } public int Y { get; set; } }"),
                "backward", new[] { "BREAKING struct-became-class Model.Point (backward)" }),
            new("class-became-enum", Root("public Level Level { get; set; } = new();", "new Root { Level = new Level { Rank = 2 } }", "    public class Level { public int Rank { get; set; } }"),
                Root("public Level Level { get; set; }", "new Root { Level = Level.High }", "    public enum Level { Low, High }"),
                "backward", new[] { "BREAKING type-kind-changed Model.Level (backward)", "BREAKING member-type-changed Model.Root.Level (backward)" }),
            new("reference-mode-removed", Root("public Node? Next { get; set; }", "new Root { Next = new Node { Id = 1 } }", "    [AmberPreserveReferences] public class Node { public int Id { get; set; } }"),
                Root("public Node? Next { get; set; }", "new Root { Next = new Node { Id = 1 } }", "    public class Node { public int Id { get; set; } }"),
                "full", new[] { "compatible reference-mode-changed Model.Node (backward, forward)" }, "\"Id\":1"),
            new("record-parameter-added", Root("public Point At { get; set; } = new(0, 0);", "new Root { At = new Point(1, 2) }", "    public record Point(int X, int Y);"),
                Root("public Point At { get; set; } = new(0, 0, 0);", "new Root { At = new Point(1, 2, 3) }", "    public record Point(int X, int Y, int Z);"),
                "backward", new[] { "BREAKING required-member-missing Model.Point.Z (backward)" }),
            new("record-parameter-added-with-default", Root("public Point At { get; set; } = new(0, 0);", "new Root { At = new Point(1, 2) }", "    public record Point(int X, int Y);"),
                Root("public Point At { get; set; } = new(0, 0);", "new Root { At = new Point(1, 2, 3) }", "    public record Point(int X, int Y, int Z = 0);"),
                "backward", new[] { "compatible member-added Model.Point.Z (backward)" }, "\"X\":1"),
            new("record-parameter-removed-forward", Root("public Point At { get; set; } = new(0, 0, 0);", "new Root { At = new Point(1, 2, 3) }", "    public record Point(int X, int Y, int Z);"),
                Root("public Point At { get; set; } = new(0, 0);", "new Root { At = new Point(1, 2) }", "    public record Point(int X, int Y);"),
                "forward", new[] { "BREAKING required-member-missing Model.Point.Z (forward)" }),
            new("required-member-added", Root("public Item Item { get; set; } = new();", "new Root { Item = new Item { Name = \"a\" } }", "    public class Item { public string Name { get; set; } = \"\"; }"),
                Root("public Item Item { get; set; } = new() { Sku = \"\" };", "new Root { Item = new Item { Name = \"a\", Sku = \"s\" } }", "    public class Item { public string Name { get; set; } = \"\"; public required string Sku { get; set; } }"),
                "backward", new[] { "BREAKING required-member-missing Model.Item.Sku (backward)" }),
            new("keeps-unknown-removed", Root("public string Name { get; set; } = \"\";\npublic AmberUnknownMembers? Unknown { get; set; }", "new Root { Name = \"a\" }"),
                Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                "backward", new[] { "BREAKING keeps-unknown-removed Model.Root (backward)" }),
            new("keeps-unknown-added", Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                Root("public string Name { get; set; } = \"\";\npublic AmberUnknownMembers? Unknown { get; set; }", "new Root { Name = \"a\" }"),
                "full", new[] { "compatible keeps-unknown-added Model.Root (backward, forward)" }, "\"Name\":\"a\""),
            new("reference-mode-added", Root("public Node? Next { get; set; }", "new Root { Next = new Node { Id = 1 } }", "    public class Node { public int Id { get; set; } }"),
                Root("public Node? Next { get; set; }", "new Root { Next = new Node { Id = 1 } }", "    [AmberPreserveReferences] public class Node { public int Id { get; set; } }"),
                "full", new[] { "compatible reference-mode-changed Model.Node (backward, forward)" }, "\"Id\":1"),
            new("key-collision", Root("public int Score { get; set; }", "new Root { Score = 4 }"),
                Root("public int Score2594 { get; set; }", "new Root { Score2594 = 4 }"),
                "backward", new[] { "BREAKING key-collision Model.Root.Score2594 (backward)" }),
        };

        private static readonly string V1Weapon = Root("public Player Player { get; set; } = new();", Player, ConcreteWeapon);
        private static readonly string V2Weapon = Root("public Player Player { get; set; } = new();", NewPlayer, DefaultedWeapon);
        private static readonly string V3Weapon = Root("public Player Player { get; set; } = new();", NewPlayer, AbstractWeapon);

        public static readonly Chain[] Chains =
        {
            new("weapon-newest-only", new[] { V1Weapon, V2Weapon, V3Weapon }, "backward", false,
                new[] { "BREAKING default-subtype-removed Model.Weapon (backward)" }),
            new("weapon-transitive", new[] { V1Weapon, V2Weapon, V3Weapon }, "backward", true,
                new[] { "BREAKING default-subtype-removed Model.Weapon (backward; v2.schema.json)", "BREAKING type-became-abstract Model.Weapon (backward; v1.schema.json)" }),
            new("count-forward-transitive", new[]
                {
                    Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                    Root("public long Count { get; set; }", "new Root { Count = 7 }"),
                    Root("public long Count { get; set; }\npublic string Note { get; set; } = \"\";", "new Root { Count = 7, Note = \"n\" }"),
                }, "forward", true,
                new[] { "BREAKING member-narrowed Model.Root.Count (forward; v1.schema.json)", "compatible member-added Model.Root.Note (forward; v1.schema.json, v2.schema.json)" }),
            new("count-forward-newest-only", new[]
                {
                    Root("public int Count { get; set; }", "new Root { Count = 7 }"),
                    Root("public long Count { get; set; }", "new Root { Count = 7 }"),
                    Root("public long Count { get; set; }\npublic string Note { get; set; } = \"\";", "new Root { Count = 7, Note = \"n\" }"),
                }, "forward", false,
                new[] { "compatible member-added Model.Root.Note (forward)" }),
            new("members-three-baselines", new[]
                {
                    Root("public string Name { get; set; } = \"\";", "new Root { Name = \"a\" }"),
                    Root("public string Name { get; set; } = \"\";\npublic int Level { get; set; }", "new Root { Name = \"a\", Level = 3 }"),
                    Root("public string Name { get; set; } = \"\";\npublic long Level { get; set; }", "new Root { Name = \"a\", Level = 3 }"),
                    Root("public string Name { get; set; } = \"\";\npublic long Level { get; set; }\npublic string Note { get; set; } = \"\";", "new Root { Name = \"a\", Level = 3, Note = \"n\" }"),
                }, "backward", true,
                new[]
                {
                    "compatible member-added Model.Root.Level (backward; v1.schema.json)",
                    "compatible member-widened Model.Root.Level (backward; v2.schema.json)",
                    "compatible member-added Model.Root.Note (backward; v1.schema.json, v2.schema.json, v3.schema.json)",
                }),
            new("enum-three-baselines-full", new[]
                {
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Blue }", "    public enum Colour { Red, Green, Blue }"),
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Gold }", "    public enum Colour { Red, Green, Blue, Gold }"),
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Gold }", "    public enum Colour { Red, Green, Gold = 3 }"),
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Silver }", "    public enum Colour { Red, Green, Gold = 3, Silver = 4 }"),
                }, "full", true,
                new[]
                {
                    "BREAKING enum-value-missing Model.Colour (backward; v1.schema.json, v2.schema.json)",
                    "BREAKING enum-value-missing Model.Colour (forward; v1.schema.json)",
                    "BREAKING enum-value-missing Model.Colour (forward; v1.schema.json, v2.schema.json, v3.schema.json)",
                }),
            new("enum-full-transitive", new[]
                {
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Blue }", "    public enum Colour { Red, Green, Blue }"),
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Gold }", "    public enum Colour { Red, Green, Blue, Gold }"),
                    Root("public Colour Colour { get; set; }", "new Root { Colour = Colour.Gold }", "    public enum Colour { Red, Green, Gold = 3 }"),
                }, "full", true,
                new[] { "BREAKING enum-value-missing Model.Colour (backward; v1.schema.json, v2.schema.json)", "BREAKING enum-value-missing Model.Colour (forward; v1.schema.json)" }),
        };
    }
}
