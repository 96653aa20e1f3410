using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Loader;

namespace Amber.Tool
{
    /// <summary>
    /// Loads the user's model assemblies (--assembly) so their generated code registers its types, and finds
    /// the type named by --type. Assemblies go into the default load context, so they share this process's
    /// Amber (one registry of generated code); their other dependencies are looked up beside them.
    /// </summary>
    internal static class ModelLoader
    {
        private static readonly List<string> s_directories = new List<string>();
        private static bool s_resolving;

        /// <summary>Loads the assemblies and runs their generated registration; throws <see cref="UsageException"/> for a path that is not an assembly.</summary>
        public static List<Assembly> Load(IEnumerable<string> paths)
        {
            var loaded = new List<Assembly>();
            foreach (string path in paths)
            {
                string full = Path.GetFullPath(path);
                if (!File.Exists(full)) throw new UsageException($"--assembly {path}: no such file");
                AssemblyName name;
                try
                {
                    name = AssemblyName.GetAssemblyName(full);
                }
                catch (BadImageFormatException)
                {
                    throw new UsageException($"--assembly {path}: not a .NET assembly (give the .dll the model is compiled into)");
                }
                AddDirectory(Path.GetDirectoryName(full)!);
                // Already loaded (Amber itself, or the same model twice): use that one, a second copy would not share its registrations.
                Assembly assembly = AppDomain.CurrentDomain.GetAssemblies().FirstOrDefault(a => !a.IsDynamic && a.GetName().Name == name.Name)
                    ?? AssemblyLoadContext.Default.LoadFromAssemblyPath(full);
                RuntimeHelpers.RunModuleConstructor(assembly.ManifestModule.ModuleHandle);
                loaded.Add(assembly);
            }
            return loaded;
        }

        /// <summary>
        /// The type named <paramref name="name"/> (full name, or a short name that only one type has) in <paramref name="assemblies"/>;
        /// throws <see cref="UsageException"/> when there is none or it has no generated code.
        /// </summary>
        public static Type FindType(string name, IReadOnlyList<Assembly> assemblies)
        {
            var all = assemblies.SelectMany(Types).ToList();
            Type? type = assemblies.Select(a => a.GetType(name, throwOnError: false)).FirstOrDefault(t => t != null);
            if (type == null)
            {
                var matches = all.Where(t => t.Name == name || (t.FullName ?? "").Replace('+', '.') == name).ToList();
                if (matches.Count > 1)
                    throw new UsageException($"--type {name} is ambiguous: {string.Join(", ", matches.Select(t => t.FullName))}; give the full name");
                type = matches.FirstOrDefault();
            }
            string where = string.Join(", ", assemblies.Select(a => Path.GetFileName(a.Location)));
            if (type == null)
            {
                var known = all.Where(AmberKnownTypes.IsKnown).Select(t => t.FullName).Take(12).ToList();
                throw new UsageException($"type '{name}' not found in {where}" + (known.Count == 0
                    ? "; that assembly has no types with Amber generated code"
                    : "; types there with Amber generated code: " + string.Join(", ", known)));
            }
            AmberKnownTypes.EnsureRegistered(type);
            if (!AmberKnownTypes.IsKnown(type))
                throw new UsageException($"type '{type.FullName}' in {where} has no Amber generated code; serialize it somewhere in that assembly or add [assembly: Amber.AmberSerializable(typeof({type.FullName!.Replace('+', '.')}))], then rebuild");
            return type;
        }

        /// <summary>The types of <paramref name="assembly"/> that could be loaded.</summary>
        public static IEnumerable<Type> Types(Assembly assembly)
        {
            try
            {
                return assembly.GetTypes();
            }
            catch (ReflectionTypeLoadException ex)
            {
                return ex.Types.Where(t => t != null)!;
            }
        }

        private static void AddDirectory(string directory)
        {
            lock (s_directories)
            {
                if (!s_directories.Contains(directory)) s_directories.Add(directory);
                if (s_resolving) return;
                s_resolving = true;
            }
            AssemblyLoadContext.Default.Resolving += (context, name) =>
            {
                string[] directories;
                lock (s_directories) directories = s_directories.ToArray();
                foreach (string dir in directories)
                {
                    string candidate = Path.Combine(dir, name.Name + ".dll");
                    if (File.Exists(candidate)) return context.LoadFromAssemblyPath(candidate);
                }
                return null;
            };
        }
    }
}
