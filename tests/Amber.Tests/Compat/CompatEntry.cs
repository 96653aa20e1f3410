using System;

namespace Amber.Tests.Compat
{
    /// <summary>
    /// One file of tests/compat: how today's code writes it (used only when the file is missing and
    /// AMBER_WRITE_COMPAT=1) and how today's code must read it (always). <see cref="Name"/> is the file
    /// name without its version folder; <c>.amber</c> is one payload, <c>.ambs</c> a chunked stream
    /// (AmberStream, AmberSnapshot), <c>.ambm</c> an AmberFraming message stream, <c>.ambc</c> a captured connection stream
    /// (AmberMessageWriter).
    /// </summary>
    public sealed class CompatEntry
    {
        public CompatEntry(string name, Func<byte[]> write, Action<byte[]> verify)
        {
            Name = name;
            Write = write;
            Verify = verify;
        }

        public string Name { get; }

        public Func<byte[]> Write { get; }

        public Action<byte[]> Verify { get; }

        public override string ToString() => Name;
    }
}
