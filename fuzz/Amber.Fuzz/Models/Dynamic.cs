using System.Collections.Generic;

namespace Amber.Fuzz.Models
{
    /// <summary>Members declared object, and object-valued collections, holding mixed values (format §7.3).</summary>
    public class Dynamic
    {
        public object? Single { get; set; }
        public object? Other { get; set; }
        public object?[]? Array { get; set; }
        public List<object?>? List { get; set; }
        public Dictionary<string, object?>? Variables { get; set; }
        public Dictionary<int, object>? ByNumber { get; set; }
    }
}
