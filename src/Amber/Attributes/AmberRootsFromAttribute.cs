using System;

namespace Amber
{
    /// <summary>
    /// Tells the Amber generator that another library's API carries values Amber serializes, so the types a user
    /// names there get their formatters with no attribute of their own. An integration package (Amber.Orleans,
    /// Amber.Akka) declares it once, on its own assembly, for the engine it plugs into; the generator reads it in
    /// every project that references that package.
    /// </summary>
    /// <remarks>
    /// <para>Three forms, by what <see cref="Type"/> names and whether <see cref="Method"/> is given:</para>
    /// <list type="bullet">
    /// <item><b>A generic type definition</b> (<c>typeof(IPersistentState&lt;&gt;)</c>): every type argument given
    /// to it in source (a field, a parameter, a base type, a <c>new</c>) is a root, as if its type parameters
    /// carried <see cref="AmberRootAttribute"/>.</item>
    /// <item><b>A type and a method name</b> (<c>typeof(ReceiveActor), "Receive"</c>): the type arguments of every
    /// call to that generic method are roots; with <see cref="Argument"/>, the static type of that argument at each
    /// call is a root instead (<c>Tell(object message)</c> called with a <c>new Greet(…)</c> names <c>Greet</c>).</item>
    /// <item><b>An interface or class that is not generic</b> (<c>typeof(IGrain)</c>, <c>typeof(Hub)</c>): every interface
    /// or class declared in source that derives from it is a service contract; the parameter and result types of its
    /// methods (for a class, the public instance methods it declares, overrides excepted) are roots, with
    /// <c>Task&lt;T&gt;</c>, <c>ValueTask&lt;T&gt;</c>, <c>IAsyncEnumerable&lt;T&gt;</c> and <c>ChannelReader&lt;T&gt;</c> read as
    /// <c>T</c>. Types that derive from the contract base itself (references to other services) are not.</item>
    /// <item><b>A generic type definition with <see cref="Contract"/></b> (<c>typeof(Hub&lt;&gt;)</c>): its type arguments,
    /// where source names them, are contracts in the same way (a hub's client interface).</item>
    /// </list>
    /// <para>
    /// Only types declared by the user's code (their own assemblies, not the engine's or the BCL's) are taken,
    /// collections and arrays of them included. A type found this way that Amber cannot serve is not an error:
    /// the engine keeps it for its own serializer, and the generator says why in an info diagnostic (AMB013).
    /// </para>
    /// </remarks>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberRootsFromAttribute : Attribute
    {
        /// <summary>Declares a generic type whose type arguments are roots, or a service-contract interface.</summary>
        /// <param name="type">A generic type definition, or a non-generic interface that service contracts derive from.</param>
        public AmberRootsFromAttribute(Type type)
        {
            Type = type;
        }

        /// <summary>Declares a method of <paramref name="type"/> whose type arguments (or <see cref="Argument"/>) are roots.</summary>
        /// <param name="type">The type that declares the method (for an extension method, its static class).</param>
        /// <param name="method">The method's name; every overload of that name counts.</param>
        public AmberRootsFromAttribute(Type type, string method)
        {
            Type = type;
            Method = method;
        }

        /// <summary>The type the declaration is about.</summary>
        public Type Type { get; }

        /// <summary>The method of <see cref="Type"/>, or null for a generic type or a service contract.</summary>
        public string? Method { get; }

        /// <summary>
        /// For a generic type definition: its type arguments are service contracts rather than roots (a hub's
        /// <c>Hub&lt;IChatClient&gt;</c>): the parameter and result types of their methods are roots.
        /// </summary>
        public bool Contract { get; set; }

        /// <summary>
        /// The name of the method's parameter whose argument's static type is a root at each call (for a method that
        /// takes <c>object</c>); null to take the method's type arguments.
        /// </summary>
        public string? Argument { get; set; }
    }
}
