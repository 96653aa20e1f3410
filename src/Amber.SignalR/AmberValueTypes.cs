using System;
using System.Collections.Concurrent;

namespace Amber.SignalR
{
    /// <summary>
    /// The type a value is written as. A value whose class derives from a class Amber has a formatter for is written as that base, the topmost one: the payload then carries the concrete type's
    /// tag, so a reader whose parameter is the base (an abstract class) gets the concrete type, and a
    /// reader whose parameter is the concrete type reads it the same (a tag is ignored where the type is not
    /// polymorphic). Every other value is written as its runtime type, with no tag: a parameter declared as an
    /// interface reads a value only when the value derives from a registered base class.
    /// </summary>
    internal static class AmberValueTypes
    {
        private static readonly ConcurrentDictionary<Type, Type> Cache = new ConcurrentDictionary<Type, Type>();

        public static Type WireType(Type runtime)
        {
            if (runtime.IsValueType || runtime == typeof(string) || runtime.IsArray) return runtime;
            return Cache.GetOrAdd(runtime, Find);
        }

        private static Type Find(Type runtime)
        {
            Type? found = null;
            for (Type? b = runtime.BaseType; b != null && b != typeof(object); b = b.BaseType)
            {
                if (AmberFormatterRegistry.IsRegistered(b)) found = b;
            }
            return found ?? runtime;
        }
    }
}
