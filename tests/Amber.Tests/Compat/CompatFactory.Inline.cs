using System.Collections.Generic;

namespace Amber.Tests.Compat
{
    internal static partial class CompatFactory
    {
        // ---- added in 0.3.0: inline structs (format §5.1)

        public static CompatInlineScene InlineScene(int seed = 0)
        {
            var shared = new CompatNested { Id = 7 + seed, Label = "shared" };
            return new CompatInlineScene
            {
                Position = new EngineVector2 { X = 1.5f + seed, Y = -2f },
                Point = new CompatPoint { X = -3, Y = int.MaxValue },
                MaybePoint = new CompatPoint { X = seed },
                Unit = new CompatUnit { Id = 12, Team = CompatTeam.Blue, Alive = true, Hp = -40 },
                First = shared,
                Marks = new Dictionary<string, CompatPoint> { ["a"] = new CompatPoint { X = 1, Y = 2 }, ["b"] = default },
                Palette = new List<EngineColor> { new EngineColor { R = 255, G = 128, B = 0, A = 1 }, new EngineColor { A = 255 } },
                Rows = Vectors()[..3],
                Boxed = new CompatPoint { X = 8, Y = 9 },
                Origin = default,
                Again = shared,
            };
        }

        public static CompatInlineSpotsV1 InlineSpotsV1() => new CompatInlineSpotsV1
        {
            Spot = new CompatInlineSpotV1 { X = -5, Y = 2.5f, Team = CompatTeam.Red },
            Named = new Dictionary<string, CompatInlineSpotV1> { ["far"] = new CompatInlineSpotV1 { X = int.MinValue, Team = CompatTeam.Blue } },
            Maybe = new CompatInlineSpotV1 { Y = -0.5f },
        };

        public static CompatInlineSpotsV2 InlineSpotsV1AsV2() => new CompatInlineSpotsV2
        {
            Spot = new CompatInlineSpotV2 { X = -5, Y = 2.5f, Team = CompatTeam.Red },
            Named = new Dictionary<string, CompatInlineSpotV2> { ["far"] = new CompatInlineSpotV2 { X = int.MinValue, Team = CompatTeam.Blue } },
            Maybe = new CompatInlineSpotV2 { Y = -0.5f },
        };
    }
}
