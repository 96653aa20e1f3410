using System;

namespace Amber.Interop
{
    /// <summary>One cross-language case: the type a payload is read as, the value it must hold, and the options.</summary>
    public sealed class InteropCase
    {
        /// <summary>Creates a case whose payload is written from the expected value itself.</summary>
        public InteropCase(string name, Type type, Func<object?> expected, bool referenceMode = false, Type? writtenAs = null, Func<object?>? written = null)
        {
            Name = name;
            Type = type;
            Expected = expected;
            ReferenceMode = referenceMode;
            WrittenAs = writtenAs;
            Written = written;
            if ((writtenAs == null) != (written == null)) throw new ArgumentException("writtenAs and written go together.", nameof(written));
        }

        /// <summary>The case's name: its file is <c>&lt;name&gt;.amb</c>.</summary>
        public string Name { get; }

        /// <summary>The type the payload is read as.</summary>
        public Type Type { get; }

        /// <summary>Builds the expected value afresh (each call a new graph, so identities are the graph's own).</summary>
        public Func<object?> Expected { get; }

        /// <summary>Whether the payload is written in reference mode (shared objects and cycles kept).</summary>
        public bool ReferenceMode { get; }

        /// <summary>When the .NET payload is written from another type (another version of <see cref="Type"/>): that type.</summary>
        public Type? WrittenAs { get; }

        /// <summary>With <see cref="WrittenAs"/>: builds the value the .NET payload is written from.</summary>
        public Func<object?>? Written { get; }

        /// <summary>The options the case is written and read with.</summary>
        public AmberOptions Options => ReferenceMode ? new AmberOptions { PreserveReferences = true } : AmberOptions.Default;

        /// <summary>The name of <see cref="Type"/> in the schema document (the C# name its type tag is the hash of).</summary>
        public string TypeName => NameOf(Type);

        /// <summary>The schema name of <see cref="WrittenAs"/>, or null.</summary>
        public string? WrittenAsName => WrittenAs == null ? null : NameOf(WrittenAs);

        internal static string NameOf(Type type)
        {
            AmberKnownTypes.EnsureRegistered(typeof(Model.Item));
            return AmberKnownTypes.TryGetName(type, out string? name) ? name : type.FullName ?? type.Name;
        }

        /// <inheritdoc />
        public override string ToString() => Name;
    }
}
