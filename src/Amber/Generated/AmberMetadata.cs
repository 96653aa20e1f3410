using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>
    /// Where generated code tells Amber about the types it wrote codecs for: each object type, each enum or collection an
    /// <c>object</c> member may hold, and each abstract type polymorphic members are declared as. Each generated module
    /// initializer calls these once per type. Call <see cref="Register(AmberObjectInfo)"/> yourself only for a type with a
    /// hand-written formatter that <c>object</c> members should hold.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberMetadata
    {
        /// <summary>
        /// Registers an object type: known by its tag where <c>object</c> (or a base from another assembly) is declared
        /// (docs/format.md §7.3), and to the JSON view and the schema when <see cref="AmberObjectInfo.MemberViews"/> is given.
        /// The first registration of a type wins.
        /// </summary>
        /// <exception cref="ArgumentException">A required property is missing, or the shape carries no type tag.</exception>
        public static void Register(AmberObjectInfo info)
        {
            if (info.Type == null) throw new ArgumentException("The type is required.", nameof(info));
            AmberKnownTypes.Register(info.Type, info.Shape, info.Write, info.ReadBody, info.FormerTags);
            if (info.MemberViews != null)
            {
                AmberKnownTypes.RegisterView(info.Type, info.CSharpName ?? info.Shape.TypeName, info.MemberViews, info.RowCodes, info.KeepsUnknownMembers);
            }
            AmberKnownTypes.RegisterSchemaFacts(info.Type, info.RequiredMembers, info.PreservesReferences, info.FormerTags);
        }

        /// <summary>
        /// Registers a type that is not an object (an enum, a collection, a type written through a surrogate or a formatter): in
        /// an <c>object</c> member it is an object with one member, <c>Value</c>, under the tag of its C# name (docs/format.md §7.3).
        /// </summary>
        /// <exception cref="ArgumentException">A required property is missing.</exception>
        public static void Register<T>(AmberValueInfo<T> info)
        {
            if (info.CSharpName == null) throw new ArgumentException("The C# name is required.", nameof(info));
            if (info.Write == null || info.Read == null) throw new ArgumentException("The writer and the reader are required.", nameof(info));
            if (info.View == null) AmberKnownTypes.RegisterValue(info.CSharpName, info.WireType, info.Write, info.Read);
            else AmberKnownTypes.RegisterValue(info.CSharpName, info.WireType, info.Write, info.Read, info.View);
        }

        /// <summary>
        /// Tells the JSON view and the schema the C# name of an abstract class or interface that polymorphic members are
        /// declared as (docs/schema.md); view descriptors name it by its tag, the FNV-1a-32 of <paramref name="csharpName"/>
        /// (docs/format.md §7.1). Registering it again does nothing.
        /// </summary>
        public static void RegisterBase(Type type, string csharpName) => AmberKnownTypes.RegisterBaseView(type, csharpName);

        /// <summary>
        /// Tells the JSON view and the schema that data of <paramref name="declaredType"/> written without a type tag reads as
        /// <paramref name="subtype"/> (<c>[AmberDefaultSubtype]</c>); the generated reader already does. The first registration wins.
        /// </summary>
        public static void RegisterDefaultSubtype(Type declaredType, Type subtype) => AmberKnownTypes.RegisterDefaultSubtype(declaredType, subtype);
    }

    /// <summary>An object type with a codec, as <see cref="AmberMetadata.Register(AmberObjectInfo)"/> takes it.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct AmberObjectInfo
    {
        /// <summary>The type. Required.</summary>
        public Type Type { get; init; }

        /// <summary>The shape written where the declared type is polymorphic: the type's members and its tag. Required.</summary>
        public AmberShape Shape { get; init; }

        /// <summary>Writes a value of the type, boxed, with <see cref="Shape"/>. Required.</summary>
        public AmberBoxedWriter Write { get; init; }

        /// <summary>Reads the members of a value of the type after its object header. Required.</summary>
        public AmberBoxedReader ReadBody { get; init; }

        /// <summary>The tags of the type's former names (<c>[AmberFormerName]</c> on the type): data written under them reads as it too.</summary>
        public uint[]? FormerTags { get; init; }

        /// <summary>The type's full C# name, as the JSON view and the schema show it; the shape's type name when null.</summary>
        public string? CSharpName { get; init; }

        /// <summary>Per member of <see cref="Shape"/>, its JSON view descriptor; null: the JSON view shows the members by key only.</summary>
        public string[]? MemberViews { get; init; }

        /// <summary>For a struct written inline (docs/format.md §5.1), its members' packed codes, so that JSON read back is written inline too.</summary>
        public byte[]? RowCodes { get; init; }

        /// <summary>Whether the type keeps the members it does not know and writes them back (docs/format.md §5.2).</summary>
        public bool KeepsUnknownMembers { get; init; }

        /// <summary>For the schema: the indexes (in shape order) of the members the type cannot be made without (a constructor parameter with no default, a <c>required</c> member).</summary>
        public int[]? RequiredMembers { get; init; }

        /// <summary>For the schema: the type is marked <c>[AmberPreserveReferences]</c>, so payloads holding it are written in reference mode.</summary>
        public bool PreservesReferences { get; init; }
    }

    /// <summary>A type that is not an object (an enum, a collection …), as <see cref="AmberMetadata.Register{T}(AmberValueInfo{T})"/> takes it.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public readonly struct AmberValueInfo<T>
    {
        /// <summary>The type's full C# name, whose tag names it in an <c>object</c> member. Required.</summary>
        public string CSharpName { get; init; }

        /// <summary>The wire type of its <c>Value</c> member.</summary>
        public WireType WireType { get; init; }

        /// <summary>Writes the value. Required.</summary>
        public AmberValueWriter<T> Write { get; init; }

        /// <summary>Reads the value, given the wire type the writer used. Required.</summary>
        public AmberValueReader<T> Read { get; init; }

        /// <summary>Its JSON view descriptor, or null.</summary>
        public string? View { get; init; }
    }
}
