using System.Collections.Generic;

namespace Amber.Interop.Model
{
    /// <summary>Sequences of primitives: arrays, lists and sets.</summary>
    public class Primitives
    {
        /// <summary>An int array.</summary>
        public int[]? Ints { get; set; }
        /// <summary>A list of ints.</summary>
        public List<int>? IntList { get; set; }
        /// <summary>A set of ints.</summary>
        public HashSet<int>? IntSet { get; set; }
        /// <summary>A double array.</summary>
        public double[]? Doubles { get; set; }
        /// <summary>A list of floats.</summary>
        public List<float>? Floats { get; set; }
        /// <summary>A bool array.</summary>
        public bool[]? Bools { get; set; }
        /// <summary>A list of bytes (a sequence, not a byte array).</summary>
        public List<byte>? ByteList { get; set; }
        /// <summary>An array of chars.</summary>
        public char[]? Chars { get; set; }
        /// <summary>A string array.</summary>
        public string[]? Strings { get; set; }
        /// <summary>A list of strings with a null element.</summary>
        public List<string?>? StringList { get; set; }
        /// <summary>A set of strings.</summary>
        public HashSet<string>? StringSet { get; set; }
        /// <summary>A list of Guids.</summary>
        public List<System.Guid>? Guids { get; set; }
        /// <summary>An array of decimals.</summary>
        public decimal[]? Decimals { get; set; }
    }

    /// <summary>Sequences of objects and of structs.</summary>
    public class Sequences
    {
        /// <summary>A list of objects with a null element.</summary>
        public List<Item?>? Items { get; set; }
        /// <summary>An array of objects.</summary>
        public Item[]? ItemArray { get; set; }
        /// <summary>An array of inline structs (written as rows).</summary>
        public Point[]? Points { get; set; }
        /// <summary>A list of inline structs of floats.</summary>
        public List<Vector3>? Vectors { get; set; }
        /// <summary>A list of inline structs of bytes.</summary>
        public List<Color>? Colors { get; set; }
        /// <summary>A list of structs that are not inline (they hold a string).</summary>
        public List<Tagged>? Tags { get; set; }
        /// <summary>A list of lists.</summary>
        public List<List<int>>? Nested { get; set; }
    }

    /// <summary>A jagged array and multi-dimensional arrays.</summary>
    public class Grids
    {
        /// <summary>A jagged array with a null and an empty row.</summary>
        public int[][]? Jagged { get; set; }
        /// <summary>A 2-D array of ints.</summary>
        public int[,]? Matrix { get; set; }
        /// <summary>A 2-D array of strings.</summary>
        public string?[,]? Words { get; set; }
        /// <summary>A 3-D array of doubles.</summary>
        public double[,,]? Cube { get; set; }
    }

    /// <summary>Dictionaries with scalar keys and scalar, object and <c>object</c> values.</summary>
    public class Dictionaries
    {
        /// <summary>String keys, int values.</summary>
        public Dictionary<string, int>? Counts { get; set; }
        /// <summary>Int keys, string values (one null).</summary>
        public Dictionary<int, string?>? Names { get; set; }
        /// <summary>Guid keys, values of any known type.</summary>
        public Dictionary<System.Guid, object?>? Things { get; set; }
        /// <summary>String keys, object values.</summary>
        public Dictionary<string, Item>? Items { get; set; }
        /// <summary>Enum keys.</summary>
        public Dictionary<Temperature, double>? ByTemperature { get; set; }
        /// <summary>Long keys past 2^53.</summary>
        public Dictionary<long, bool>? ByLong { get; set; }
    }
}
