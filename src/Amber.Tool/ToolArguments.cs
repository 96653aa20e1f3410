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

        /// <summary>dump, verify, stats, schema, help or version.</summary>
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

        /// <summary>Parses <paramref name="args"/>; throws <see cref="UsageException"/> when they are wrong.</summary>
        public static ToolArguments Parse(string[] args)
        {
            if (args.Length == 0) throw new UsageException("no command given");
            string first = args[0];
            if (first is "-h" or "--help" or "help" or "-?") return new ToolArguments("help");
            if (first is "--version") return new ToolArguments("version");
            if (first is not ("dump" or "verify" or "stats" or "schema"))
                throw new UsageException(first.StartsWith('-') ? $"unknown option '{first}' (a command comes first: dump, verify, stats or schema)" : $"unknown command '{first}' (the commands are dump, verify, stats and schema)");

            var parsed = new ToolArguments(first);
            string? file = null;
            for (int i = 1; i < args.Length; i++)
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
                    default:
                        if (arg.StartsWith('-')) throw new UsageException($"unknown option '{arg}' for {first}");
                        if (first == "schema") throw new UsageException($"schema reads no file: '{arg}' was given (amber schema --assembly PATH [--type T])");
                        if (file != null) throw new UsageException($"one file at a time: '{file}' and '{arg}' were given");
                        file = arg;
                        break;
                }
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
