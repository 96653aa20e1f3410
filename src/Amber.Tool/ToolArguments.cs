using System;
using System.Collections.Generic;

namespace Amber.Tool
{
    /// <summary>A wrong command line: the message says what, and the tool exits with 2.</summary>
    public sealed class UsageException : Exception
    {
        /// <summary>Creates the exception.</summary>
        public UsageException(string message) : base(message) { }
    }

    /// <summary>
    /// The parsed command line. Hand-rolled on purpose: four commands and five options do not need a parser
    /// package, and the tool then depends on Amber and Amber.Compression only.
    /// </summary>
    public sealed class ToolArguments
    {
        private ToolArguments(string command) => Command = command;

        /// <summary>dump, verify, stats, schema, schema-check (<c>amber schema check</c>), help or version.</summary>
        public string Command { get; }

        /// <summary>The input file ("" for schema, which reads none).</summary>
        public string File { get; private set; } = "";

        /// <summary>The full (or unique short) name of the type to read the data as; null: without a type.</summary>
        public string? TypeName { get; private set; }

        /// <summary>Assemblies to load for their generated code (--assembly, repeatable).</summary>
        public List<string> Assemblies { get; } = new List<string>();

        /// <summary>dump's and schema's output file; null: stdout.</summary>
        public string? Output { get; private set; }

        /// <summary>Show progress on stderr whatever the file's size and wherever stderr goes.</summary>
        public bool Progress { get; private set; }

        /// <summary>schema check: the baseline schema files, or folders of them (--baseline, repeatable).</summary>
        public List<string> Baselines { get; } = new List<string>();

        /// <summary>schema check: a schema file to check instead of the --assembly files' types; null: the assemblies'.</summary>
        public string? Current { get; private set; }

        /// <summary>schema check: backward (the default), forward or full.</summary>
        public string Mode { get; private set; } = "backward";

        /// <summary>schema check: against every baseline, not only the newest.</summary>
        public bool Transitive { get; private set; }

        /// <summary>schema check: text (the default) or json.</summary>
        public string Format { get; private set; } = "text";

        /// <summary>schema check: breaking changes reported but not failing (rule, rule:Type or rule:Type.Member; --accept, repeatable).</summary>
        public List<string> Accept { get; } = new List<string>();

        /// <summary>Parses <paramref name="args"/>; throws <see cref="UsageException"/> when they are wrong.</summary>
        public static ToolArguments Parse(string[] args)
        {
            if (args.Length == 0) throw new UsageException("no command given");
            string first = args[0];
            if (first is "-h" or "--help" or "help" or "-?") return new ToolArguments("help");
            if (first is "--version") return new ToolArguments("version");
            if (first is not ("dump" or "verify" or "stats" or "schema"))
                throw new UsageException(first.StartsWith('-') ? $"unknown option '{first}' (a command comes first: dump, verify, stats or schema)" : $"unknown command '{first}' (the commands are dump, verify, stats and schema)");

            bool check = first == "schema" && args.Length > 1 && args[1] == "check";
            var parsed = new ToolArguments(check ? "schema-check" : first);
            string? file = null;
            for (int i = check ? 2 : 1; i < args.Length; i++)
            {
                string arg = args[i];
                switch (arg)
                {
                    case "-h":
                    case "--help":
                        return new ToolArguments("help");
                    case "--type":
                    case "-t":
                        parsed.TypeName = Value(args, ref i);
                        break;
                    case "--assembly":
                    case "-a":
                        parsed.Assemblies.Add(Value(args, ref i));
                        break;
                    case "--output":
                    case "-o":
                        if (first is not ("dump" or "schema")) throw new UsageException($"'{arg}' is an option of dump, not of {first}");
                        parsed.Output = Value(args, ref i);
                        break;
                    case "--progress":
                        parsed.Progress = true;
                        break;
                    case "--baseline":
                    case "--current":
                    case "--mode":
                    case "--format":
                    case "--accept":
                    case "--transitive":
                        if (!check) throw new UsageException($"'{arg}' is an option of schema check, not of {first}");
                        if (arg == "--transitive") parsed.Transitive = true;
                        else if (arg == "--baseline") parsed.Baselines.Add(Value(args, ref i));
                        else if (arg == "--current") parsed.Current = Value(args, ref i);
                        else if (arg == "--accept") parsed.Accept.Add(Value(args, ref i));
                        else if (arg == "--mode")
                        {
                            parsed.Mode = Value(args, ref i);
                            if (parsed.Mode is not ("backward" or "forward" or "full")) throw new UsageException($"--mode {parsed.Mode}: the modes are backward, forward and full");
                        }
                        else
                        {
                            parsed.Format = Value(args, ref i);
                            if (parsed.Format is not ("text" or "json")) throw new UsageException($"--format {parsed.Format}: the formats are text and json");
                        }
                        break;
                    default:
                        if (arg.StartsWith('-')) throw new UsageException($"unknown option '{arg}' for {first}");
                        if (first == "schema") throw new UsageException($"schema reads no file: '{arg}' was given (amber schema --assembly PATH [--type T])");
                        if (file != null) throw new UsageException($"one file at a time: '{file}' and '{arg}' were given");
                        file = arg;
                        break;
                }
            }
            if (check)
            {
                if (parsed.Baselines.Count == 0) throw new UsageException("schema check needs --baseline FILE, the schema of the last release (a file, or a folder of .json baselines)");
                if (parsed.Assemblies.Count == 0 && parsed.Current == null) throw new UsageException("schema check needs --assembly PATH, the assembly (.dll) with the model and its generated code (or --current FILE, a schema file)");
                if (parsed.Assemblies.Count > 0 && parsed.Current != null) throw new UsageException("schema check takes --assembly or --current, not both");
                if (parsed.TypeName != null) throw new UsageException("schema check compares every type of the assemblies; it takes no --type");
                return parsed;
            }
            if (first == "schema")
            {
                if (parsed.Assemblies.Count == 0) throw new UsageException("schema needs --assembly PATH, the assembly (.dll) with the model and its generated code");
                return parsed;
            }
            if (file == null) throw new UsageException($"{first} needs a file: amber {first} FILE");
            if (parsed.TypeName != null && parsed.Assemblies.Count == 0)
                throw new UsageException($"--type {parsed.TypeName} needs --assembly PATH, the assembly (.dll) with the type and its generated code");
            parsed.File = file;
            return parsed;
        }

        private static string Value(string[] args, ref int i)
        {
            if (i + 1 >= args.Length || args[i + 1].StartsWith('-')) throw new UsageException($"'{args[i]}' needs a value");
            return args[++i];
        }
    }
}
