using System;
using System.Collections.Generic;

namespace Amber.Tests.Models
{
    // The comparison suite's workload types (envelope, bookshelf, vector3) and Person, as a user would write them: no attributes.

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

    public class Book
    {
        public string? Title { get; set; }
        public int Id { get; set; }
        public byte[]? BookData { get; set; }
    }

    public class BookShelf
    {
        public List<Book>? Books { get; set; }
    }

    public class Person
    {
        public string Name { get; set; } = "";
        public int Age { get; set; }
    }

    public record PersonRecord(string Name, int Age);

    public struct Vector3
    {
        public float X;
        public float Y;
        public float Z;
    }
}
