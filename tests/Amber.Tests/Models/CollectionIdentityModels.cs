using System.Collections.Generic;

namespace Amber.Tests.Models.CollectionIds
{
    // Collection identity in the JSON view (format version 2, docs/json.md): maps shared between members, collections
    // held in object members, and arrays of arrays.
    public class MapPair
    {
        public Dictionary<string, int>? First { get; set; }
        public Dictionary<string, int>? Second { get; set; }
    }

    public class ObjectPair
    {
        public object? First { get; set; }
        public object? Second { get; set; }
    }

    public class Jagged
    {
        public int[][]? Rows { get; set; }
        public int[]? Row { get; set; }
        public int[,]? Grid { get; set; }
    }
}
