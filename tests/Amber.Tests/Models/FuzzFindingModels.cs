using System.Collections.Generic;

namespace Amber.Tests.Models
{
    // Types for tests/Amber.Tests/Serialization/DeepNestingTests.cs: copies of fuzz models
    // (fuzz/Amber.Fuzz/Models), member for member, so the exact bytes of a fuzz finding read the same way here.

    /// <summary>The fuzzer's <c>Deep</c> (fuzz/Amber.Fuzz/Models/References.cs).</summary>
    public class FuzzDeep
    {
        public int Level { get; set; }
        public FuzzDeep? Left { get; set; }
        public FuzzDeep? Right { get; set; }
        public List<FuzzDeep>? Many { get; set; }
        public List<List<List<int>>>? Lists { get; set; }
    }
}
