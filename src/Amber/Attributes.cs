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
    /// member's wire name (docs/format.md §4).
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = true, Inherited = true)]
    public sealed class AmberFormerNameAttribute : Attribute
    {
        /// <summary>Declares a former name.</summary>
        public AmberFormerNameAttribute(string name) => Name = name;

        /// <summary>The former name.</summary>
        public string Name { get; }
    }

    /// <summary>
    /// Sets a member's key by hand (0–8191) instead of the hash of its name. Only needed when two
    /// members' keys collide (the generator reports AMB004).
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
