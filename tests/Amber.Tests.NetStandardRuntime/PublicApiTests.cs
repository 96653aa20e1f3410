using System;
using System.Collections.Generic;
using System.Linq;
using Amber.ApiBaselines;
using Xunit;

namespace Amber.Tests.NetStandardRuntime
{
    /// <summary>
    /// The public surface of Amber's netstandard2.1 build (the one this process loads), pinned in
    /// tests/PublicApi/Amber.netstandard2.1.txt beside the net8.0 build's Amber.txt (pinned by Amber.Tests):
    /// <c>AMBER_UPDATE_PUBLIC_API=1 dotnet test tests/Amber.Tests.NetStandardRuntime --filter PublicApiTests</c>
    /// rewrites it. The two builds differ in two ways only, and the second test says which.
    /// </summary>
    public class PublicApiTests
    {
        /// <summary>
        /// The inspection family: JSON views, the inspector and its reports, built on System.Text.Json, which the
        /// netstandard2.1 build does not reference (its sources are compiled for net8.0 only).
        /// </summary>
        private static readonly string[] s_net8Types =
        {
            "Amber.Json.AmberJson", "Amber.Inspection.AmberInspector", "Amber.Inspection.AmberInspectorOptions", "Amber.Inspection.AmberStreamReport", "Amber.Inspection.AmberFrameInfo",
            "Amber.Inspection.AmberConnectionReport", "Amber.Inspection.AmberMessageInfo", "Amber.Inspection.AmberPayloadStats", "Amber.Inspection.AmberTypeStats",
        };

        /// <summary>Types netstandard2.1 does not have: members that read, write or test them exist on net8.0 only.</summary>
        private static readonly string[] s_net8Primitives = { "System.Half", "System.Int128", "System.UInt128", "System.DateOnly", "System.TimeOnly" };

        [Fact]
        public void The_netstandard2_1_surface_matches_its_baseline() =>
            PublicApiBaseline.AssertMatches(typeof(AmberSerializer).Assembly, "Amber.netstandard2.1.txt");

        [Fact]
        public void The_net8_0_surface_is_the_netstandard2_1_surface_plus_the_inspection_types_and_the_newer_primitives()
        {
            HashSet<string> net8 = Qualified(PublicApiBaseline.Read("Amber.txt"));
            HashSet<string> netstandard = Qualified(PublicApiBaseline.Read("Amber.netstandard2.1.txt"));

            // Code written against the netstandard2.1 build (a Unity project) compiles against the net8.0 build unchanged.
            Assert.Empty(netstandard.Except(net8));

            string[] unexplained = net8.Except(netstandard)
                .Where(line => !s_net8Types.Any(t => line == t || line.StartsWith(t + " |", StringComparison.Ordinal)))
                .Where(line => !s_net8Primitives.Any(p => line.Contains(p, StringComparison.Ordinal)))
                .ToArray();
            Assert.Empty(unexplained);

            // Both kinds of difference are really there: the list above is not stale.
            foreach (string type in s_net8Types) Assert.Contains(type, net8.Except(netstandard));
            foreach (string primitive in s_net8Primitives) Assert.Contains(net8.Except(netstandard), line => line.Contains(primitive, StringComparison.Ordinal));
        }

        /// <summary>Each type line as the type's name, each member line as "type | member", so the two builds compare line by line.</summary>
        private static HashSet<string> Qualified(string[] lines)
        {
            var set = new HashSet<string>(StringComparer.Ordinal);
            string type = "";
            foreach (string line in lines)
            {
                if (line.StartsWith("  ", StringComparison.Ordinal))
                {
                    set.Add(type + " | " + line.Trim());
                }
                else
                {
                    // "static class Amber.AmberJson (generated code)": the name is the first word with a dot.
                    type = line.Split(' ').First(w => w.Contains('.', StringComparison.Ordinal));
                    set.Add(type);
                }
            }
            return set;
        }
    }
}
