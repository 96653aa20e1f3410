using System;

namespace Amber
{
    /// <summary>
    /// Marks a type parameter whose concrete type arguments are roots for the Amber generator: wherever a
    /// call or a type names this parameter with a concrete type, the generator writes the formatters of that
    /// type, as it does for a type passed to <see cref="AmberSerializer"/>.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The generator sees a type only where source code names it with a concrete type argument. Generic
    /// code in between hides it: in <c>static byte[] Save&lt;T&gt;(T value) =&gt; AmberSerializer.Serialize(value)</c>
    /// the call names the open <c>T</c>, and <c>Save(order)</c> is not a call to Amber. Marking the type
    /// parameter makes <c>Save(order)</c> itself a root, so <c>Order</c> gets its formatter:
    /// </para>
    /// <code>
    /// public static class Store
    /// {
    ///     public static byte[] Save&lt;[AmberRoot] T&gt;(T value) =&gt; AmberSerializer.Serialize(value);
    /// }
    ///
    /// byte[] bytes = Store.Save(order);   // Order is a root: no [assembly: AmberSerializable] needed
    /// </code>
    /// <para>
    /// A marked type parameter of a generic type works the same way for every place that names the type:
    /// <c>class Repository&lt;[AmberRoot] T&gt;</c> makes <c>Order</c> a root wherever <c>Repository&lt;Order&gt;</c>
    /// is written (a <c>new</c> expression, a field, a parameter, a base type). A method or type with several
    /// marked parameters names several roots at each use. The marker works across assemblies: a library
    /// that marks its generic API serves the types its users pass to it.
    /// </para>
    /// <para>
    /// Amber's own generic entry points (<see cref="AmberSerializer"/>, the stream, framing, snapshot and
    /// JSON entry points) and those of its integration packages carry this marker. A type that no source
    /// code names at a marked parameter (one reached only through reflection or dependency injection) still
    /// needs <see cref="AmberSerializableAttribute"/>.
    /// </para>
    /// </remarks>
    [AttributeUsage(AttributeTargets.GenericParameter, AllowMultiple = false, Inherited = false)]
    public sealed class AmberRootAttribute : Attribute
    {
    }
}
