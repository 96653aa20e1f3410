using System.Collections.Generic;

// The tests reach Amber only through AmberGrpc.Method<TRequest, TResponse> (Api.cs), whose type parameters are
// marked [AmberRoot]: each message type named there is a root for the generator, with no [assembly: AmberSerializable].

namespace Amber.Grpc.Tests
{
    // Plain classes: no attributes, as a code-first user would write them.

    public sealed class Catalog
    {
        public string Name { get; set; } = "";
        public List<Shelf> Shelves { get; set; } = new List<Shelf>();
        public Dictionary<string, List<int>> Tags { get; set; } = new Dictionary<string, List<int>>();
    }

    public sealed class Shelf
    {
        public string Label { get; set; } = "";
        public List<string> Titles { get; set; } = new List<string>();
        public int[] Counts { get; set; } = System.Array.Empty<int>();
    }

    public sealed class CountRequest
    {
        public int Count { get; set; }
        public string Prefix { get; set; } = "";
    }

    public sealed class Item
    {
        public int Index { get; set; }
        public string Text { get; set; } = "";
    }

    public sealed class Blob
    {
        public byte[] Data { get; set; } = System.Array.Empty<byte>();
        public List<string> Lines { get; set; } = new List<string>();
    }

    public sealed class BlobReport
    {
        /// <summary>Whether the server's deserializer was handed a multi-segment sequence.</summary>
        public bool ArrivedInSegments { get; set; }
        public long PayloadBytes { get; set; }
        public Blob Echo { get; set; } = new Blob();
    }

    /// <summary>The first version of a message; <see cref="PersonV2"/> is the same message with a member added.</summary>
    public sealed class PersonV1
    {
        public string Name { get; set; } = "";
        public int Age { get; set; }
    }

    public sealed class PersonV2
    {
        public string Name { get; set; } = "";
        public int Age { get; set; }
        public string? Email { get; set; }
    }

    public sealed class Ping
    {
        public int N { get; set; }
    }

    /// <summary>Named only at a call of a generic helper whose type parameter is marked [AmberRoot] (ErrorTests).</summary>
    public sealed class Shipment
    {
        public string Carrier { get; set; } = "";
    }

    /// <summary>Reaches AmberGrpc only through generic code with an unmarked type parameter (ErrorTests): no formatter exists for it.</summary>
    public sealed class Unnamed
    {
        public int N { get; set; }
    }
}
