#if NET8_0_OR_GREATER
using System;

namespace Amber.Json
{
    /// <summary>Writes the Amber payload that a typed JSON view stands for.</summary>
    internal static class JsonPayloadWriter
    {
        public static byte[] Write(ReadOnlySpan<byte> utf8Json, Type type, AmberOptions options) => throw new NotImplementedException();
    }
}
#endif
