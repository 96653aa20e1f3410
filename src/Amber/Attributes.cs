using System;

namespace Amber
{
    /// <summary>Leaves a member out of serialization. <c>[NonSerialized]</c> and <c>[IgnoreDataMember]</c> do the same.</summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberIgnoreAttribute : Attribute
    {
    }

    /// <summary>
    /// Gives a renamed member the name(s) it had before, so data written before the rename still
    /// reads, and data written after it still reads in old code. The first former name given is the
    /// member's wire name (docs/format.md §4). On a class or struct, the type's former full C# name
    /// ("Game.Items.OldSword"): the first former name stays the type tag it is written with in a
    /// polymorphic or <c>object</c> member, and the current name is accepted too (docs/format.md §7.1).
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property | AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
    public sealed class AmberFormerNameAttribute : Attribute
    {
        /// <summary>Declares a former name.</summary>
        public AmberFormerNameAttribute(string name) => Name = name;

        /// <summary>The former name.</summary>
        public string Name { get; }
    }

    /// <summary>
    /// Sets a member's key by hand (0–8191) instead of the hash of its name. Never needed: members whose
    /// names hash to one key are told apart by their names' full hashes (docs/format.md §5). It may
    /// settle which member data written by an older version belongs to; the key must be unused by the
    /// type's other members (the generator reports AMB004).
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberKeyAttribute : Attribute
    {
        /// <summary>Sets the key.</summary>
        public AmberKeyAttribute(int key) => Key = key;

        /// <summary>The key.</summary>
        public int Key { get; }
    }

    /// <summary>Chooses the constructor Amber uses to create a type when there is more than one candidate.</summary>
    [AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
    public sealed class AmberConstructorAttribute : Attribute
    {
    }

    /// <summary>
    /// Asks the generator to write a formatter for a type that is not passed to
    /// <see cref="AmberSerializer"/> with a concrete type argument (for example one used only
    /// through generic code): <c>[assembly: AmberSerializable(typeof(MyType))]</c>.
    /// </summary>
    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberSerializableAttribute : Attribute
    {
        /// <summary>Names the type.</summary>
        public AmberSerializableAttribute(Type type) => Type = type;

        /// <summary>The type.</summary>
        public Type Type { get; }
    }
}

namespace Amber
{
    /// <summary>
    /// Serializes a member that is not public (a private field, a property with a private setter, a
    /// get-only auto-property). Internal members of the same assembly are used directly; private ones
    /// are reached through UnsafeAccessor, which needs .NET 8 or later (the generator reports AMB008
    /// otherwise).
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Field | System.AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberIncludeAttribute : System.Attribute
    {
    }
}

namespace Amber
{
    /// <summary>
    /// Serializes every instance of a type (a type you do not own, such as an engine's Vector2)
    /// as its surrogate type, everywhere it appears: members, collections, nullable values,
    /// roots. The surrogate converts both ways with conversion operators (implicit or explicit),
    /// declared in either type: <c>static implicit operator Surrogate(T value)</c> and
    /// <c>static implicit operator T(Surrogate value)</c>. Declare it once, at assembly level:
    /// <c>[assembly: AmberSurrogate(typeof(Vector2), typeof(Vector2Surrogate))]</c>, or on the
    /// surrogate type itself: <c>[AmberSurrogate(typeof(Vector2))] struct Vector2Surrogate { … }</c>.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Assembly | System.AttributeTargets.Class | System.AttributeTargets.Struct, AllowMultiple = true, Inherited = false)]
    public sealed class AmberSurrogateAttribute : System.Attribute
    {
        /// <summary>On a surrogate type: names the type it replaces.</summary>
        public AmberSurrogateAttribute(System.Type type) => Type = type;

        /// <summary>Names a type and its surrogate.</summary>
        public AmberSurrogateAttribute(System.Type type, System.Type surrogate)
        {
            Type = type;
            Surrogate = surrogate;
        }

        /// <summary>The type that is replaced on the wire.</summary>
        public System.Type Type { get; }

        /// <summary>The type written instead (null when the attribute is on the surrogate type itself).</summary>
        public System.Type? Surrogate { get; }
    }

    /// <summary>
    /// Serializes every instance of a type with a hand-written <see cref="IAmberFormatter{T}"/>
    /// (a class with a public parameterless constructor), everywhere it appears:
    /// <c>[assembly: AmberFormatter(typeof(Money), typeof(MoneyFormatter))]</c>. The formatter uses
    /// the same <see cref="AmberWriter"/>/<see cref="AmberReader"/> API that generated code uses.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Assembly, AllowMultiple = true, Inherited = false)]
    public sealed class AmberFormatterAttribute : System.Attribute
    {
        /// <summary>Names a type and its formatter.</summary>
        public AmberFormatterAttribute(System.Type type, System.Type formatter)
        {
            Type = type;
            Formatter = formatter;
        }

        /// <summary>The type the formatter serves.</summary>
        public System.Type Type { get; }

        /// <summary>The formatter type.</summary>
        public System.Type Formatter { get; }
    }

    /// <summary>Implemented by a type that wants to prepare itself before Amber writes it.</summary>
    public interface IAmberOnSerializing
    {
        /// <summary>Called just before the object's members are read for writing.</summary>
        void OnAmberSerializing();
    }

    /// <summary>Implemented by a type that wants to finish itself after Amber has read it.</summary>
    public interface IAmberOnDeserialized
    {
        /// <summary>Called after every member has been set.</summary>
        void OnAmberDeserialized();
    }
}

namespace Amber
{
    /// <summary>
    /// Keeps object identity for this type (docs/format.md §7.2): every payload whose graph can
    /// contain it is written in reference mode, as if <see cref="AmberOptions.PreserveReferences"/>
    /// were set — shared instances stay shared and cycles round-trip.
    /// </summary>
    [System.AttributeUsage(System.AttributeTargets.Class, AllowMultiple = false, Inherited = true)]
    public sealed class AmberPreserveReferencesAttribute : System.Attribute
    {
    }
}
