using System.Collections.Generic;

// The MVC action's types reach Amber only through the formatters (a Type at run time), so they are named here.
// The minimal-API types are not: AmberBody<T> and AmberResults.Amber<T> mark their T [AmberRoot], so Ping and Pong,
// named nowhere else, are roots for the generator.
[assembly: Amber.AmberSerializable(typeof(Amber.AspNetCore.Tests.Server.Order))]
[assembly: Amber.AmberSerializable(typeof(Amber.AspNetCore.Tests.Server.Receipt))]

namespace Amber.AspNetCore.Tests.Server
{
    /// <summary>Version 2 of the order, as the server declares it: <see cref="Note"/> is new.</summary>
    public sealed class Order
    {
        public string Item { get; set; } = "";
        public int Quantity { get; set; }
        public List<string> Lines { get; set; } = new List<string>();
        public string? Note { get; set; }
    }

    public sealed class Receipt
    {
        public string Item { get; set; } = "";
        public int Total { get; set; }
        public int LineCount { get; set; }
        public string Note { get; set; } = "";
    }

    public sealed class Ping
    {
        public string Text { get; set; } = "";
    }

    public sealed class Pong
    {
        public string Echo { get; set; } = "";
        public int Length { get; set; }
    }

    /// <summary>Answered only from generic code whose type parameter is not marked [AmberRoot]: no formatter exists for it.</summary>
    public sealed class Unserved
    {
        public int N { get; set; }
    }

    /// <summary>Answered only from generic code whose type parameter is marked [AmberRoot]: served.</summary>
    public sealed class Served
    {
        public int N { get; set; }
    }
}

namespace Amber.AspNetCore.Tests.Client
{
    /// <summary>Version 1 of the order, as an older client knows it: no Note.</summary>
    public sealed class Order
    {
        public string Item { get; set; } = "";
        public int Quantity { get; set; }
        public List<string> Lines { get; set; } = new List<string>();
    }

    /// <summary>Version 1 of the receipt: no Note.</summary>
    public sealed class Receipt
    {
        public string Item { get; set; } = "";
        public int Total { get; set; }
        public int LineCount { get; set; }
    }

    public sealed class Ping
    {
        public string Text { get; set; } = "";
    }

    public sealed class Pong
    {
        public string Echo { get; set; } = "";
        public int Length { get; set; }
    }
}
