using System;
using Amber.Fuzz.Models;
using Amber.Fuzz.Targets;
using Amber.Json;
using Xunit;

namespace Amber.Fuzz.Tests
{
    /// <summary>Inputs the JSON view target (<see cref="JsonViewEntry"/>) found where the view and the type read a payload differently.</summary>
    public class JsonViewFindingTests
    {
        /// <summary>
        /// Geometry.json: a reference-mode Geometry whose MaybeOrigin (a <c>Vector3?</c>, a struct written as an object) is
        /// present with the object header 0. The view showed null; the type read the struct's default, so the view read back
        /// to another object.
        /// </summary>
        private static readonly byte[] s_nullStructObject = Convert.FromHexString("2D021885478DF616718E1ECCBE10C00840102580FCEFE65C85478DF6000000000100AC20");

        [Fact]
        public void A_nullable_struct_written_as_a_null_object_reads_as_null_in_the_type_and_in_the_view()
        {
            Geometry read = AmberSerializer.Deserialize<Geometry>(s_nullStructObject)!;
            Assert.Null(read.MaybeOrigin);
            Assert.Contains("\"MaybeOrigin\": null", AmberJson.ToJson<Geometry>(s_nullStructObject), StringComparison.Ordinal);
            // The target's own check: the view reads back to the object the type read.
            JsonViewEntry.Run<Geometry>(s_nullStructObject, null);
        }
    }
}
