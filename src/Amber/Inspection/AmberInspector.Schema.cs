#if NET8_0_OR_GREATER
using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Amber.Json;

namespace Amber.Inspection
{
    public static partial class AmberInspector
    {
        /// <summary>
        /// The schema of <paramref name="types"/> (docs/schema.md): a versioned JSON document that lists, for each registered
        /// type and every type its members name by type tag, its C# name, type tag, kind and members in wire order (name,
        /// key, wire type, name hash and encoding), so that a program in another language can read and write its payloads.
        /// Types no loaded assembly registered (no generated code) are left out. The text is stable: types sorted by name,
        /// members in wire order, no time or machine in it.
        /// </summary>
        /// <param name="types">The types to describe; each type's generated registration is run first.</param>
        /// <returns>The schema as indented JSON text, lines ended by <c>\n</c>.</returns>
        public static string GetSchema(IEnumerable<Type> types)
        {
            if (types == null) throw new ArgumentNullException(nameof(types));
            return SchemaWriter.Write(types);
        }

        /// <summary>
        /// The schema (<see cref="GetSchema(IEnumerable{Type})"/>) of every type of <paramref name="assembly"/> that its
        /// generated code registered, and of the types their members name.
        /// </summary>
        /// <param name="assembly">The assembly with the model and its generated code.</param>
        /// <returns>The schema as indented JSON text, lines ended by <c>\n</c>.</returns>
        [RequiresUnreferencedCode("Lists the assembly's types, which trimming may have removed; pass the types to GetSchema(IEnumerable<Type>) instead.")]
        public static string GetSchema(Assembly assembly)
        {
            if (assembly == null) throw new ArgumentNullException(nameof(assembly));
            Type[] types;
            try
            {
                types = assembly.GetTypes();
            }
            catch (ReflectionTypeLoadException ex)
            {
                var loaded = new List<Type>();
                foreach (Type? t in ex.Types)
                {
                    if (t != null) loaded.Add(t);
                }
                types = loaded.ToArray();
            }
            return SchemaWriter.Write(types);
        }
    }
}
#endif
