using System;
using System.Collections.Generic;

namespace Amber.Benchmarks
{
    // The comparison suite's model types (bench/Amber.Bench/Workloads), repeated here so this project
    // stands alone: no attributes, found by the generator from the AmberSerializer calls below.

    /// <summary>Report 2's network message.</summary>
    public class MessageEnvelope
    {
        public bool IsInternal { get; set; }
        public DateTime TimeStamp { get; set; }
        public Guid MessageId { get; set; }
        public string? Header { get; set; }
        public Guid From { get; set; }
        public Guid To { get; set; }
        public Dictionary<string, string>? KeyValuePairs { get; set; }
    }

    /// <summary>Report 5's type.</summary>
    public class BookShelf
    {
        public List<Book>? Books { get; set; }
        public string? Secret { get; set; }
    }

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }
}
