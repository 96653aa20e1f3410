using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace Amber.SignalR
{
    /// <summary>
    /// The type a value is written as. The reader never reads a type from the wire: it reads as the type its side
    /// declares (a hub method's parameter, a handler's or result's type argument), which may be the value's class, a
    /// base class or an interface. So a value that a polymorphic declared type could receive carries its concrete
    /// type's tag (format §7.1), which a reader whose declared type is the concrete class ignores:
    /// <list type="bullet">
    /// <item>a value whose class derives from a class Amber has a formatter for is written as that base, the topmost
    /// one (its payload then carries the concrete type's tag);</item>
    /// <item>otherwise a class that implements an interface of its application (one outside the <c>System</c>
    /// namespaces, so <c>IEquatable&lt;T&gt;</c> of a record does not count) and has generated code is written where
    /// <c>object</c> is declared: with its tag, so a parameter declared as that interface reads it;</item>
    /// <item>every other value (numbers, strings, structs, arrays, collections, classes without such a base or
    /// interface) is written as its runtime type, with no tag.</item>
    /// </list>
    /// A <c>T?</c> is boxed as its <c>T</c> (or null), so it is written as <c>T</c>; the reader reads a declared
    /// <c>T?</c> as <c>T</c> (<see cref="AmberFrameReader"/>).
    /// </summary>
    internal static class AmberValueTypes
    {
        private static readonly ConcurrentDictionary<Type, Type> s_cache = new ConcurrentDictionary<Type, Type>();

        public static Type WireType(Type runtime)
        {
            if (runtime.IsValueType || runtime == typeof(string) || runtime.IsArray) return runtime;
            return s_cache.GetOrAdd(runtime, Find);
        }

        private static Type Find(Type runtime)
        {
            Type? found = null;
            for (Type? b = runtime.BaseType; b != null && b != typeof(object); b = b.BaseType)
            {
                if (AmberFormatterRegistry.IsRegistered(b)) found = b;
            }
            if (found != null) return found;
            if (!typeof(IEnumerable).IsAssignableFrom(runtime) && ImplementsApplicationInterface(runtime))
            {
                // The typed shape of the object formatter: generated code registers it for every class it writes.
                AmberKnownTypes.EnsureRegistered(runtime);
                if (AmberKnownTypes.IsKnown(runtime)) return typeof(object);
            }
            return runtime;
        }

        [UnconditionalSuppressMessage("Trimming", "IL2070",
            Justification = "The trimmer keeps an interface on a class's list whenever code names the interface (a cast, a parameter, a " +
                            "generated formatter): one it removed is declared by no hub method or handler, so no reader can ask for it.")]
        private static bool ImplementsApplicationInterface(Type runtime)
        {
            foreach (Type i in runtime.GetInterfaces())
            {
                string? ns = i.Namespace;
                if (ns == null || !(ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal))) return true;
            }
            return false;
        }
    }
}
