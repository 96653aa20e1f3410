using System;

namespace Amber.SignalR
{
    /// <summary>The type a value is written as.</summary>
    internal static class AmberValueTypes
    {
        public static Type WireType(Type runtime) => runtime;
    }
}
