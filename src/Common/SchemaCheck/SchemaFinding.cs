using System;
using System.Collections.Generic;

namespace Amber.SchemaCheck
{
    /// <summary>Which way data flows in a comparison (docs/versioning.md, "Checking a change before you ship it").</summary>
    internal enum SchemaDirection
    {
        /// <summary>This build reads data a baseline's code wrote.</summary>
        Backward,

        /// <summary>A baseline's code reads data this build writes.</summary>
        Forward,
    }

    /// <summary>The modes of <c>amber schema check</c>, as schema registries name them.</summary>
    internal enum SchemaCheckMode
    {
        Backward,
        Forward,
        Full,
    }

    /// <summary>One change a comparison found: a rule, where, what it does to data, and the fix.</summary>
    internal sealed class SchemaFinding
    {
        public SchemaFinding(string rule, bool breaking, string type, string? member, string message, string? fix)
        {
            Rule = rule;
            Breaking = breaking;
            Type = type;
            Member = member;
            Message = message;
            Fix = fix;
        }

        /// <summary>The rule's name (docs/versioning.md lists them): <c>member-type-changed</c>, <c>enum-value-missing</c> …</summary>
        public string Rule { get; }

        /// <summary>Data of one side does not read (or reads wrong) on the other; false for a compatible change listed for the record.</summary>
        public bool Breaking { get; }

        /// <summary>The type that changed, as this build names it where it has it.</summary>
        public string Type { get; }

        /// <summary>The member that changed, or null for a change of the type itself.</summary>
        public string? Member { get; }

        public string Message { get; }

        public string? Fix { get; }

        /// <summary>The directions it was found in.</summary>
        public SortedSet<SchemaDirection> Directions { get; } = new SortedSet<SchemaDirection>();

        /// <summary>The baselines it was found against, in the order they were checked.</summary>
        public List<string> Baselines { get; } = new List<string>();

        /// <summary><c>Type.Member</c>, or the type.</summary>
        public string Where => Member == null ? Type : Type + "." + Member;

        /// <summary>What makes two findings the same change (found in two directions or against two baselines).</summary>
        internal string Identity => Rule + "\n" + Where + "\n" + Message;

        /// <summary>Whether <c>--accept</c> <paramref name="accepted"/> (<c>rule:Type.Member</c>, <c>rule:Type</c> or <c>rule</c>) covers it.</summary>
        public bool IsAcceptedBy(string accepted)
        {
            int colon = accepted.IndexOf(':');
            string rule = colon < 0 ? accepted : accepted.Substring(0, colon);
            if (!string.Equals(rule, Rule, StringComparison.Ordinal)) return false;
            if (colon < 0) return true;
            string where = accepted.Substring(colon + 1);
            return string.Equals(where, Where, StringComparison.Ordinal) || string.Equals(where, Type, StringComparison.Ordinal);
        }
    }
}
