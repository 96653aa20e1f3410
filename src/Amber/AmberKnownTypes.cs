using System;
using System.ComponentModel;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Amber.Format;
using Amber.Metadata;

namespace Amber
{
    /// <summary>
    /// The process-wide list of types a member declared as <c>object</c> can hold, and of types that
    /// join a polymorphic hierarchy from an assembly its base did not see (docs/format.md §7.1, §7.3).
    /// It holds the built-in types (numbers, strings, <c>object[]</c>, <c>List&lt;object&gt;</c>,
    /// <c>Dictionary&lt;string, object&gt;</c> …) and every type the Amber generator wrote a codec for,
    /// registered by the generated module initializer of each assembly. Nothing else is ever created:
    /// the input names a tag from this list, never a type.
    /// </summary>
    public static class AmberKnownTypes
    {
        private sealed class Entry
        {
            public Entry(Type type, AmberShape shape, AmberBoxedWriter write, AmberBoxedReader read)
            {
                Type = type;
                Shape = shape;
                Write = write;
                Read = read;
            }

            public Type Type { get; }
            public AmberShape Shape { get; }
            public AmberBoxedWriter Write { get; }
            public AmberBoxedReader Read { get; }
            public Type? Collision { get; set; }   // a second type with the same tag: reading the tag fails
            // How the JSON view shows it (AmberJson); null: by its shape alone. Set once (SetView): the view makes the shapes
            // JSON read back writes with, one each per view, so one view per type keeps their number bounded by the types.
            public Json.ViewType? View;
            public string? Name { get; set; }           // TryGetName's answer, once asked ("" when the type has none)
        }

        // The names TryGetType found, so a manifest read per message is one lookup; only names of registered types get in.
        private static readonly ConcurrentDictionary<string, Entry> s_byName = new ConcurrentDictionary<string, Entry>(StringComparer.Ordinal);

        private static readonly ConcurrentDictionary<Type, Entry> s_byType = new ConcurrentDictionary<Type, Entry>();
        private static readonly ConcurrentDictionary<uint, Entry> s_byTag = new ConcurrentDictionary<uint, Entry>();

        // Direct-mapped caches in front of the dictionaries, for the object values a payload holds by the thousand
        // (a Dictionary<string, object> of numbers and strings): a slot holds an entry that the dictionary gave, and a
        // registration never replaces an entry, so a slot read without a lock is either right or a miss.
        private static readonly Entry?[] s_typeCache = new Entry?[CacheSlots];
        private static readonly TagSlot?[] s_tagCache = new TagSlot?[CacheSlots];
        private const int CacheSlots = 64;

        private sealed class TagSlot
        {
            public TagSlot(uint tag, Entry entry)
            {
                Tag = tag;
                Entry = entry;
            }

            public uint Tag { get; }
            public Entry Entry { get; }
        }

        private static bool TryGetByType(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Entry? entry)
        {
            int slot = RuntimeHelpers.GetHashCode(type) & (CacheSlots - 1);
            entry = s_typeCache[slot];
            if (entry != null && entry.Type == type) return true;
            if (!s_byType.TryGetValue(type, out entry)) return false;
            s_typeCache[slot] = entry;
            return true;
        }

        private static bool TryGetByTag(uint tag, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Entry? entry)
        {
            int slot = (int)(tag & (CacheSlots - 1));
            TagSlot? cached = s_tagCache[slot];
            if (cached != null && cached.Tag == tag)
            {
                entry = cached.Entry;
                return true;
            }
            if (!s_byTag.TryGetValue(tag, out entry)) return false;
            s_tagCache[slot] = new TagSlot(tag, entry);
            return true;
        }

        static AmberKnownTypes() => Internal.BuiltInTypes.RegisterAll();

        /// <summary>
        /// Registers a type with its typed shape (which carries the tag), its boxed writer and reader, and the tags of its former
        /// names (data written under them reads as it too). The first registration of a type wins. <see cref="AmberMetadata.Register(AmberObjectInfo)"/>.
        /// </summary>
        internal static void Register(Type type, AmberShape typedShape, AmberBoxedWriter write, AmberBoxedReader readBody, uint[]? formerTags)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (typedShape == null) throw new ArgumentNullException(nameof(typedShape));
            if (typedShape.TypeTag is not uint tag) throw new ArgumentException("The shape of a known type must carry a type tag.", nameof(typedShape));
            var entry = new Entry(type, typedShape, write ?? throw new ArgumentNullException(nameof(write)), readBody ?? throw new ArgumentNullException(nameof(readBody)));
            if (!s_byType.TryAdd(type, entry)) return;
            AddTag(tag, entry);
            if (formerTags != null)
            {
                foreach (uint former in formerTags) AddTag(former, entry);
            }
        }

        private static void AddTag(uint tag, Entry entry)
        {
            Entry byTag = s_byTag.GetOrAdd(tag, entry);
            if (byTag != entry && byTag.Type != entry.Type) byTag.Collision = entry.Type;
        }

        /// <summary>
        /// Registers a type that is not an object — an enum, a collection, a type written through a
        /// surrogate — under the tag of <paramref name="csharpName"/>: in an <c>object</c> member it is an
        /// object with one member, <c>Value</c>, written by <paramref name="write"/> (docs/format.md §7.3).
        /// Generated code registers the enums and collections of its model (<see cref="AmberMetadata.Register{T}(AmberValueInfo{T})"/>).
        /// </summary>
        internal static void RegisterValue<T>(string csharpName, WireType wireType, AmberValueWriter<T> write, AmberValueReader<T> read)
        {
            if (write == null) throw new ArgumentNullException(nameof(write));
            if (read == null) throw new ArgumentNullException(nameof(read));
            Internal.BuiltInTypes.AddValue<T>(csharpName, wireType, !typeof(T).IsValueType,
                (ref AmberWriter w, T v) => write(ref w, v),
                (ref AmberReader r, WireType wt, int id) =>
                {
                    T value = read(ref r, wt);
                    if (value is object o && !typeof(T).IsValueType) r.SetReference(id, o);
                    return value;
                });
        }

        /// <summary>
        /// Tells the JSON view (<c>AmberJson</c>) how a registered type's members are encoded: its C# name and, per member of
        /// its shape, a view descriptor. For a struct written inline (docs/format.md §5.1), <paramref name="rowCodes"/> are its
        /// members' packed codes, so that JSON read back (<c>AmberJson.FromJson</c>) writes it inline as its own code does;
        /// <paramref name="keepsUnknown"/> says that the type keeps the members it does not know (docs/format.md §5.2).
        /// </summary>
        internal static void RegisterView(Type type, string csharpName, string[] memberViews, byte[]? rowCodes, bool keepsUnknown)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (s_byType.TryGetValue(type, out Entry? entry) && entry.View == null)
            {
                if (memberViews.Length != entry.Shape.Tags.Length) throw new ArgumentException("One view per member is required.", nameof(memberViews));
                if (rowCodes != null && rowCodes.Length != memberViews.Length) throw new ArgumentException("One code per member is required.", nameof(rowCodes));
                SetView(entry, new Json.ViewType(entry.Type, csharpName, entry.Shape, memberViews, null, rowCodes, keepsUnknown));
            }
        }

        // What the schema says of a type besides its view (docs/schema.md): members it cannot be made without, reference mode,
        // the tags of its former names; and, per declared type, the subtype untagged data reads as.
        private static readonly ConcurrentDictionary<Type, SchemaFacts> s_schemaFacts = new ConcurrentDictionary<Type, SchemaFacts>();
        private static readonly ConcurrentDictionary<Type, Type> s_defaultSubtypes = new ConcurrentDictionary<Type, Type>();

        internal sealed record SchemaFacts(int[]? RequiredMembers, bool PreservesReferences, uint[]? FormerTags);

        internal static void RegisterSchemaFacts(Type type, int[]? requiredMembers, bool preservesReferences, uint[]? formerTags)
        {
            if (requiredMembers == null && !preservesReferences && (formerTags == null || formerTags.Length == 0)) return;
            s_schemaFacts.TryAdd(type, new SchemaFacts(requiredMembers, preservesReferences, formerTags));
        }

        /// <summary>The schema facts of a type (<see cref="RegisterSchemaFacts"/>), or null when it has none.</summary>
        internal static SchemaFacts? SchemaFactsOf(Type type) => s_schemaFacts.TryGetValue(type, out SchemaFacts? facts) ? facts : null;

        internal static void RegisterDefaultSubtype(Type declaredType, Type subtype)
        {
            if (declaredType == null) throw new ArgumentNullException(nameof(declaredType));
            if (subtype == null) throw new ArgumentNullException(nameof(subtype));
            if (!declaredType.IsAssignableFrom(subtype) || declaredType == subtype)
                throw new ArgumentException($"{subtype.FullName} is not a subtype of {declaredType.FullName}.", nameof(subtype));
            s_defaultSubtypes.TryAdd(declaredType, subtype);
        }

        /// <summary>The subtype untagged data of <paramref name="declaredType"/> reads as (<c>[AmberDefaultSubtype]</c>), or null.</summary>
        internal static Type? DefaultSubtypeOf(Type declaredType) => s_defaultSubtypes.TryGetValue(declaredType, out Type? subtype) ? subtype : null;

        // The abstract classes and interfaces polymorphic members are declared as, by the tag of their C# name (format §7.1).
        private static readonly ConcurrentDictionary<uint, (Type Type, string Name)> s_bases = new ConcurrentDictionary<uint, (Type Type, string Name)>();

        /// <summary>
        /// Tells the JSON view and the schema (<c>AmberInspector.GetSchema</c>) the C# name of an abstract class or interface
        /// that polymorphic members are declared as (docs/schema.md), which their view descriptors name by its tag: the FNV-1a-32
        /// of <paramref name="csharpName"/> (docs/format.md §7.1). Generated code calls this; registering it again does nothing.
        /// </summary>
        /// <param name="type">The declared type.</param>
        /// <param name="csharpName">Its full C# name, as a type tag is the hash of.</param>
        internal static void RegisterBaseView(Type type, string csharpName)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (csharpName == null) throw new ArgumentNullException(nameof(csharpName));
            uint tag = AmberCode.TypeTagOf(csharpName);
            // Two types of one tag name neither: the schema then gives the tag alone.
            s_bases.AddOrUpdate(tag, (type, csharpName), (_, known) => known.Type == type ? known : (typeof(void), ""));
        }

        /// <summary>The declared abstract class or interface registered under <paramref name="tag"/> (<see cref="RegisterBaseView"/>), or false.</summary>
        internal static bool TryGetBase(uint tag, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Type? type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? name)
        {
            if (s_bases.TryGetValue(tag, out (Type Type, string Name) found) && found.Type != typeof(void))
            {
                (type, name) = found;
                return true;
            }
            type = null;
            name = null;
            return false;
        }

        /// <summary>The tag an abstract class or interface was registered under (<see cref="RegisterBaseView"/>), or false.</summary>
        internal static bool TryGetBaseTag(Type type, out uint tag)
        {
            foreach (KeyValuePair<uint, (Type Type, string Name)> pair in s_bases)
            {
                if (pair.Value.Type == type)
                {
                    tag = pair.Key;
                    return true;
                }
            }
            tag = 0;
            return false;
        }

        /// <summary>The views of every registered type (generated objects and values, built-ins) that <paramref name="baseType"/> is assignable from.</summary>
        internal static List<Json.ViewType> ViewsAssignableTo(Type baseType)
        {
            var views = new List<Json.ViewType>();
            foreach (KeyValuePair<Type, Entry> pair in s_byType)
            {
                if (pair.Key != baseType && baseType.IsAssignableFrom(pair.Key)) views.Add(ViewOf(pair.Value));
            }
            return views;
        }

        /// <summary>The views of every registered type (generated objects and values, built-ins).</summary>
        internal static List<Json.ViewType> AllViews()
        {
            var views = new List<Json.ViewType>();
            foreach (KeyValuePair<Type, Entry> pair in s_byType) views.Add(ViewOf(pair.Value));
            return views;
        }

        /// <summary>Registers a value type as <see cref="RegisterValue{T}(string, WireType, AmberValueWriter{T}, AmberValueReader{T})"/> does, with the JSON view's descriptor of its encoding.</summary>
        internal static void RegisterValue<T>(string csharpName, WireType wireType, AmberValueWriter<T> write, AmberValueReader<T> read, string view)
        {
            RegisterValue(csharpName, wireType, write, read);
            SetValueView(typeof(T), csharpName, view);
        }

        internal static void SetValueView(Type type, string csharpName, string view)
        {
            if (s_byType.TryGetValue(type, out Entry? entry) && entry.View == null) SetView(entry, new Json.ViewType(entry.Type, csharpName, entry.Shape, null, view));
        }

        /// <summary>The JSON view of a registered type, by type.</summary>
        internal static Json.ViewType? ViewOf(Type type) => s_byType.TryGetValue(type, out Entry? entry) ? ViewOf(entry) : null;

        /// <summary>The JSON view of a registered type, by the tag of a typed shape (null when no loaded assembly registered it, or two did).</summary>
        internal static Json.ViewType? ViewOf(uint tag) => s_byTag.TryGetValue(tag, out Entry? entry) && entry.Collision == null ? ViewOf(entry) : null;

        private static Json.ViewType ViewOf(Entry entry) => entry.View ?? SetView(entry, new Json.ViewType(entry.Type, entry.Shape.TypeName, entry.Shape, null, null));

        /// <summary>The entry's view: <paramref name="view"/> unless the entry has one already (the first one set stays, on every thread).</summary>
        private static Json.ViewType SetView(Entry entry, Json.ViewType view) =>
            System.Threading.Interlocked.CompareExchange(ref entry.View, view, null) ?? view;

        /// <summary>
        /// Runs the generated registration of the assembly that declares <paramref name="typeInAssembly"/>
        /// now (it otherwise runs the first time code of that assembly runs). Call it at start-up for an
        /// assembly whose types are only ever reached through <c>object</c> or a base type declared elsewhere.
        /// </summary>
        public static void EnsureRegistered(Type typeInAssembly) =>
            RuntimeHelpers.RunModuleConstructor(typeInAssembly.Module.ModuleHandle);

        /// <summary>
        /// The full C# name of a registered type, which finds it again through its type tag (docs/format.md §7.1),
        /// however it was renamed since. A message envelope that names its body's type (an actor system's manifest) stores this
        /// and finds the type again with <see cref="TryGetType"/>.
        /// </summary>
        /// <returns>False when <paramref name="type"/> is not registered.</returns>
        public static bool TryGetName(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out string? name)
        {
            if (type == null) throw new ArgumentNullException(nameof(type));
            if (!s_byType.TryGetValue(type, out Entry? entry))
            {
                EnsureRegistered(type);
                if (!s_byType.TryGetValue(type, out entry))
                {
                    name = null;
                    return false;
                }
            }
            name = entry.Name ??= NameOf(entry);
            if (name.Length > 0) return true;
            name = null;
            return false;
        }

        /// <summary>The full C# name of a registered type, or "" when it does not lead back to it through its tag.</summary>
        private static string NameOf(Entry entry)
        {
            // Objects register their full C# name with their view; values (enums, collections) carry it as their shape's name.
            string candidate = entry.View?.Name ?? entry.Shape.TypeName;
            // A renamed type writes its former tag and is found by both (format §7.1): either way its name must lead back to it.
            return s_byTag.TryGetValue(AmberCode.TypeTagOf(candidate), out Entry? byName) && byName == entry ? candidate : "";
        }

        /// <summary>
        /// The registered type known by <paramref name="name"/> (a name <see cref="TryGetName"/> gave, or a former name
        /// from <see cref="AmberFormerNameAttribute"/>). Only types a loaded assembly registered are found: a name never
        /// loads or creates a type.
        /// </summary>
        /// <returns>False when no loaded assembly registered a type of that name, or two types share its tag.</returns>
        public static bool TryGetType(string name, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out Type? type)
        {
            if (name == null) throw new ArgumentNullException(nameof(name));
            if (s_byName.TryGetValue(name, out Entry? entry) || TryGetByTag(AmberCode.TypeTagOf(name), out entry))
            {
                // A second type registered later under the same tag makes the name ambiguous from then on.
                if (entry.Collision == null)
                {
                    s_byName.TryAdd(name, entry);
                    type = entry.Type;
                    return true;
                }
            }
            type = null;
            return false;
        }

        /// <summary>Whether values of <paramref name="type"/> can be written where <c>object</c> is declared.</summary>
        public static bool IsKnown(Type type) => s_byType.ContainsKey(type);

        /// <summary>Writes a value where the declared type is <c>object</c>: null, or the value with its type's typed shape.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public static void WriteObject(ref AmberWriter writer, object? value)
        {
            if (value is null)
            {
                writer.WriteNull();
                return;
            }
            if (!TryWrite(ref writer, value))
            {
                AmberThrow.UnknownObjectType(value.GetType());
            }
        }

        /// <summary>Writes a value of a registered type with its typed shape; false (nothing written) when its type is not registered.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public static bool TryWrite(ref AmberWriter writer, object value)
        {
            if (!TryGetByType(value.GetType(), out Entry? entry)) return false;
            entry.Write(ref writer, value);
            return true;
        }

        /// <summary>Reads a value where the declared type is <c>object</c> (the wire type was checked by the caller).</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public static object? ReadObject(ref AmberReader reader)
        {
            if (!reader.ReadPolymorphicHeader(out bool tagged, out uint tag, out object? existing)) return existing;
            if (!tagged)
            {
                return Unknown(ref reader, null, "object", "An object without a type tag is where object was declared, so its type cannot be known");
            }
            if (TryGetByTag(tag, out Entry? entry))
            {
                return ReadEntry(ref reader, entry, tag);
            }
            return Unknown(ref reader, tag, "object", null);
        }

        /// <summary>
        /// For a polymorphic dispatcher: reads an object whose tag is not one of the compile-time cases.
        /// A type registered by another assembly is read if it is a <typeparamref name="T"/>; otherwise
        /// <see cref="AmberOptions.UnknownTypes"/> decides. Returns false when the caller should read
        /// the declared type itself (<see cref="AmberUnknownTypeHandling.DeclaredType"/> with a concrete declared type).
        /// </summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public static bool TryReadOther<T>(ref AmberReader reader, uint tag, bool declaredIsConcrete, string declaredName, out T? value)
            where T : class
        {
            if (TryGetByTag(tag, out Entry? entry) && typeof(T).IsAssignableFrom(entry.Type))
            {
                value = (T?)ReadEntry(ref reader, entry, tag);
                return true;
            }
            if (declaredIsConcrete && reader.Options.UnknownTypes == AmberUnknownTypeHandling.DeclaredType)
            {
                value = null;
                return false;
            }
            value = (T?)Unknown(ref reader, tag, declaredName, null);
            return true;
        }

        private static object? ReadEntry(ref AmberReader reader, Entry entry, uint tag)
        {
            if (entry.Collision != null) AmberThrow.TypeTagCollision(reader.Position, tag, entry.Type, entry.Collision);
            reader.CompletePolymorphicHeader(entry.Shape, out ShapeMatch match, out ulong presence);
            return entry.Read(ref reader, match, presence);
        }

        private static object? Unknown(ref AmberReader reader, uint? tag, string declaredName, string? why)
        {
            if (reader.Options.UnknownTypes == AmberUnknownTypeHandling.Throw)
            {
                if (tag is uint t) AmberThrow.UnknownTypeTag(reader.Position, t, declaredName);
                AmberThrow.Malformed(reader.Position, why!);
            }
            reader.SkipPendingObject();
            return null;
        }
    }
}
