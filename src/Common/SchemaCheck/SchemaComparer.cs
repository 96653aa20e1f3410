using System;
using System.Collections.Generic;
using System.Globalization;

namespace Amber.SchemaCheck
{
    /// <summary>
    /// Compares what one version writes with what another reads, by the rules of docs/versioning.md: each change a reader
    /// meets in a writer's data, as a <see cref="SchemaFinding"/>. Breaking findings are the changes after which the reader
    /// refuses the writer's data, or reads it wrong without a word; the others are listed as compatible.
    /// </summary>
    internal sealed class SchemaComparer
    {
        private readonly SchemaDocument _writer;
        private readonly SchemaDocument _reader;
        private readonly SchemaDirection _direction;
        private readonly string _w;   // who wrote the data: "the baseline" or "this build"
        private readonly string _r;
        private readonly HashSet<string> _compared = new HashSet<string>(StringComparer.Ordinal);
        private readonly List<SchemaFinding> _findings = new List<SchemaFinding>();
        private readonly HashSet<string> _seen = new HashSet<string>(StringComparer.Ordinal);

        private SchemaComparer(SchemaDocument writer, SchemaDocument reader, SchemaDirection direction)
        {
            _writer = writer;
            _reader = reader;
            _direction = direction;
            // Messages say "the baseline" rather than its file, so one change found against several baselines is one finding.
            _w = direction == SchemaDirection.Backward ? "the baseline" : "this build";
            _r = direction == SchemaDirection.Backward ? "this build" : "the baseline";
        }

        /// <summary>
        /// The changes between <paramref name="baseline"/> and <paramref name="current"/> in <paramref name="direction"/>:
        /// backward, <paramref name="current"/> reads what <paramref name="baseline"/> wrote; forward, the reverse.
        /// </summary>
        public static List<SchemaFinding> Compare(SchemaDocument baseline, SchemaDocument current, SchemaDirection direction)
        {
            var comparer = direction == SchemaDirection.Backward
                ? new SchemaComparer(baseline, current, direction)
                : new SchemaComparer(current, baseline, direction);
            comparer.CompareDocuments();
            foreach (SchemaFinding f in comparer._findings) f.Directions.Add(direction);
            return comparer._findings;
        }

        private bool CurrentReads => _direction == SchemaDirection.Backward;

        private void CompareDocuments()
        {
            foreach (SchemaType w in _writer.Types)
            {
                SchemaType? r = _reader.Find(w.Name);
                if (r == null) continue;
                CompareTypes(w, r);
            }
        }

        /// <summary>Data of writer type <paramref name="w"/> read where the reader has <paramref name="r"/>.</summary>
        private void CompareTypes(SchemaType w, SchemaType r)
        {
            if (!_compared.Add(w.Name + "\n" + r.Name)) return;
            string type = CurrentName(w, r);
            if (w.Kind == "object" && r.IsAbstract)
            {
                // Old data holds objects of the type with no type tag: they read as the default subtype, or not at all.
                SchemaType? fallback = _reader.Find(r.DefaultSubtype);
                if (fallback == null) BecameAbstract(w, r, type);
                else CompareTypes(w, fallback);
                return;
            }
            if (w.Kind == "object" && r.Kind == "object")
            {
                CompareObjects(w, r, type);
                if (w.Subtypes.Count > 0 || r.Subtypes.Count > 0) CompareDeclared(w, r, type);
                return;
            }
            if (w.IsAbstract && r.IsAbstract)
            {
                CompareDeclared(w, r, type);
                return;
            }
            if ((w.Kind == "enum" || w.Kind == "value") && w.Encoding != null && r.Encoding != null)
            {
                CompareEncodings(w.Encoding, r.Encoding, type, null);
                return;
            }
            if (w.IsAbstract && r.Kind == "object")
            {
                CompareDeclared(w, r, type);
                return;
            }
            Add("type-kind-changed", true, type, null,
                $"{type} is {Article(w.Kind)} in {_w} and {Article(r.Kind)} in {_r}: {_r} cannot read {_w}'s data of it",
                "keep the kind of the type (a class or struct with members, an enum, a collection) for data already written");
        }

        private void BecameAbstract(SchemaType w, SchemaType r, string type)
        {
            Add("type-became-abstract", true, type, null,
                $"{type} is a concrete type in {_w} and abstract in {_r}: {_w}'s data holds {type} objects without a type tag, which {_r} cannot create",
                $"name the subtype old data reads as: [AmberDefaultSubtype(typeof(...))] on {Short(type)}");
        }

        private void CompareObjects(SchemaType w, SchemaType r, string type)
        {
            if (w.Inline && !r.Inline && !r.ValueType)
            {
                Add("struct-became-class", true, type, null,
                    $"{type} is a struct written inline in {_w} and a class in {_r}: {_r} refuses inline data (format §5.1)",
                    $"keep {Short(type)} a struct, or read the old data with the struct and convert it");
            }
            if (w.KeepsUnknown != r.KeepsUnknown)
            {
                bool removed = CurrentReads ? w.KeepsUnknown : r.KeepsUnknown;
                if (removed)
                {
                    Add("keeps-unknown-removed", true, type, null,
                        $"{type} keeps the members of data it does not know in the baseline and no longer does in this build: data of newer versions that passes through this build loses those members",
                        $"keep the AmberUnknownMembers member of {Short(type)}");
                }
                else
                {
                    Add("keeps-unknown-added", false, type, null,
                        $"{type} keeps the members of data it does not know in this build and writes them back (it did not in the baseline)", null);
                }
            }
            if (w.PreservesReferences != r.PreservesReferences)
            {
                bool added = CurrentReads ? r.PreservesReferences : w.PreservesReferences;
                Add("reference-mode-changed", false, type, null, added
                    ? $"payloads holding {type} are written in reference mode in this build ([AmberPreserveReferences]) and were not in the baseline; every Amber reader reads both modes"
                    : $"payloads holding {type} were written in reference mode in the baseline and are not in this build: shared instances are written as copies, and a cycle fails to write", null);
            }

            var matchedReader = new HashSet<SchemaMember>();
            var unmatchedWriter = new List<SchemaMember>();
            foreach (SchemaMember wm in w.Members)
            {
                SchemaMember? rm = null;
                bool viaFormer = false;
                foreach (SchemaMember candidate in r.Members)
                {
                    if (candidate.Key == wm.Key && SameHash(candidate, wm))
                    {
                        rm = candidate;
                        break;
                    }
                }
                if (rm == null)
                {
                    foreach (SchemaMember candidate in r.Members)
                    {
                        if (candidate.FormerKeys.Contains(wm.Key) && (candidate.NameHash == null || wm.NameHash == null || candidate.Name != wm.Name))
                        {
                            rm = candidate;
                            viaFormer = true;
                            break;
                        }
                    }
                }
                if (rm == null)
                {
                    SchemaMember? clash = null;
                    foreach (SchemaMember candidate in r.Members)
                    {
                        if (candidate.Key == wm.Key) clash = candidate;
                    }
                    if (clash != null && !matchedReader.Contains(clash))
                    {
                        matchedReader.Add(clash);
                        Add("key-collision", true, type, CurrentReads ? clash.Name : wm.Name,
                            $"{type}.{wm.Name} of {_w} and {type}.{clash.Name} of {_r} have the same key {wm.Key.ToString(CultureInfo.InvariantCulture)}: " + (wm.WireType == clash.WireType
                                ? $"{_r} reads {_w}'s {wm.Name} as its {clash.Name}, without an error"
                                : $"{_r} refuses {_w}'s {wm.Name}, written as {wm.WireType} where its {clash.Name} is {clash.WireType} (AmberException naming the member)"),
                            $"give one of them another key with [AmberKey(n)], or, if {clash.Name} is {wm.Name} renamed, add [AmberFormerName(\"{wm.Name}\")] to it");
                        continue;
                    }
                    unmatchedWriter.Add(wm);
                    continue;
                }
                matchedReader.Add(rm);
                string name = CurrentReads ? rm.Name : wm.Name;
                if (viaFormer || rm.Name != wm.Name)
                {
                    string oldName = CurrentReads ? wm.Name : rm.Name;
                    string newName = CurrentReads ? rm.Name : wm.Name;
                    Add("member-renamed", false, type, newName,
                        $"{type}.{oldName} is {newName} in this build, read under its former name", null);
                }
                CompareEncodings(wm.Encoding, rm.Encoding, type, name);
            }

            var unmatchedReader = new List<SchemaMember>();
            foreach (SchemaMember rm in r.Members)
            {
                if (!matchedReader.Contains(rm)) unmatchedReader.Add(rm);
            }

            // A member the writer wrote and the reader lacks, beside one the reader has and the writer lacks, of the same encoding: a rename.
            foreach (SchemaMember wm in unmatchedWriter.ToArray())
            {
                SchemaMember? partner = null;
                foreach (SchemaMember rm in unmatchedReader)
                {
                    if (rm.Name != wm.Name && rm.WireType == wm.WireType && rm.Encoding.ToString() == wm.Encoding.ToString())
                    {
                        partner = rm;
                        break;
                    }
                }
                if (partner == null) continue;
                unmatchedWriter.Remove(wm);
                unmatchedReader.Remove(partner);
                string oldName = CurrentReads ? wm.Name : partner.Name;
                string newName = CurrentReads ? partner.Name : wm.Name;
                Add("probable-rename", true, type, newName,
                    $"{type}.{oldName} of the baseline is gone and {newName} of the same type is new: if it is a rename, {_r} does not read {_w}'s {(CurrentReads ? oldName : newName)} and its value is lost",
                    $"if {newName} is {oldName} renamed, add [AmberFormerName(\"{oldName}\")] to {newName}; if {oldName} was removed and {newName} added, accept it with --accept probable-rename:{type}.{newName}");
            }
            foreach (SchemaMember wm in unmatchedWriter) MemberOnlyInWriter(type, wm);
            foreach (SchemaMember rm in unmatchedReader) MemberOnlyInReader(type, rm);
        }

        // A member one side lacks: added in this build when the reader is this build and has it, or the writer is and has it.
        private void MemberOnlyInWriter(string type, SchemaMember member)
        {
            if (CurrentReads) MemberRemoved(type, member);
            else MemberAdded(type, member);
        }

        private void MemberAdded(string type, SchemaMember member) =>
            Add("member-added", false, type, member.Name, $"{type}.{member.Name} is new: data without it reads it as its default, and older code skips it", null);

        private void MemberRemoved(string type, SchemaMember member) =>
            Add("member-removed", false, type, member.Name,
                $"{type}.{member.Name} is not in this build: this build skips it in older data, and older code reads its default from this build's data", null);

        private void MemberOnlyInReader(string type, SchemaMember member)
        {
            if (member.Required)
            {
                Add("required-member-missing", true, type, member.Name,
                    CurrentReads
                        ? $"{type}.{member.Name} is new in this build and the type cannot be made without it (a constructor parameter with no default, or a required member): {_w}'s data lacks it, and this build passes its type's default"
                        : $"{type}.{member.Name} is gone in this build, and {_r} cannot make the type without it (a constructor parameter with no default, or a required member): {_r} passes its type's default for it",
                    CurrentReads
                        ? $"give the parameter a default ({member.Name} = ...), or make it an optional member with an initializer"
                        : $"keep writing {member.Name} while {_r} is read");
                return;
            }
            if (CurrentReads) MemberAdded(type, member);
            else MemberRemoved(type, member);
        }

        private static bool SameHash(SchemaMember a, SchemaMember b) =>
            a.NameHash == null || b.NameHash == null || a.NameHash == b.NameHash;

        /// <summary>A value the writer encoded as <paramref name="w"/>, read where the reader has <paramref name="r"/>.</summary>
        private void CompareEncodings(SchemaEncoding w, SchemaEncoding r, string type, string? member)
        {
            // T? and T read each other: null is an absent member.
            while (w.Kind == "nullable") w = w.Element!;
            while (r.Kind == "nullable") r = r.Element!;
            string where = member == null ? type : type + "." + member;

            if (IsNumeric(w) && IsNumeric(r))
            {
                CompareNumbers(w, r, type, member, where);
                return;
            }
            if (w.Kind != r.Kind)
            {
                if (w.Kind == "object" && r.Kind == "polymorphic")
                {
                    // Written where the member was not polymorphic: no type tag, read as the declared type (or its default subtype).
                    SchemaType? declared = _reader.Find(r);
                    SchemaType? written = _writer.Find(w);
                    if (declared != null && written != null) CompareTypes(written, declared);
                    return;
                }
                TypeChanged(type, member, where, w, r);
                return;
            }
            switch (w.Kind)
            {
                case "scalar":
                    if (w.Scalar != r.Scalar) TypeChanged(type, member, where, w, r);
                    return;
                case "bytes":
                case "dynamic":
                    return;
                case "unknown":
                    return;
                case "sequence":
                    if (w.Rank != r.Rank)
                    {
                        TypeChanged(type, member, where, w, r);
                        return;
                    }
                    CompareEncodings(w.Element!, r.Element!, type, member);
                    return;
                case "map":
                    CompareEncodings(w.Element!, r.Element!, type, member);
                    CompareEncodings(w.Value!, r.Value!, type, member);
                    return;
                case "objectTag":
                    if (w.Tag != r.Tag) TypeChanged(type, member, where, w, r);
                    return;
                case "object":
                {
                    SchemaType? wt = _writer.Find(w);
                    SchemaType? rt = _reader.Find(r);
                    if (wt != null && rt != null) CompareTypes(wt, rt);
                    return;
                }
                case "polymorphic":
                {
                    SchemaType? wt = _writer.Find(w);
                    SchemaType? rt = _reader.Find(r);
                    if (wt != null && rt != null) CompareTypes(wt, rt);
                    return;
                }
            }
        }

        /// <summary>A polymorphic declared type: every type the writer may put there must be one the reader creates.</summary>
        private void CompareDeclared(SchemaType w, SchemaType r, string type)
        {
            var written = new List<KeyValuePair<string, uint>>(w.Subtypes);
            if (w.Kind == "object") written.Insert(0, new KeyValuePair<string, uint>(w.Name, w.Tag));
            var readable = new List<SchemaType>();
            if (r.Kind == "object") readable.Add(r);
            foreach (KeyValuePair<string, uint> s in r.Subtypes)
            {
                if (_reader.Find(s.Key) is SchemaType t) readable.Add(t);
            }
            var unread = new List<SchemaType>(readable);
            foreach (KeyValuePair<string, uint> s in written)
            {
                SchemaType? match = null;
                foreach (SchemaType t in readable)
                {
                    if (t.ReadsTag(s.Value))
                    {
                        match = t;
                        break;
                    }
                }
                SchemaType? writtenType = _writer.Find(s.Key);
                if (match == null)
                {
                    SubtypeMissing(type, s.Key, readable, written);
                    continue;
                }
                unread.Remove(match);
                if (writtenType != null && match != r && writtenType != w) CompareTypes(writtenType, match);
            }
            if (CurrentReads && w.DefaultSubtype != null && w.DefaultSubtype != r.DefaultSubtype)
            {
                if (r.DefaultSubtype == null && r.IsAbstract)
                {
                    Add("default-subtype-removed", true, type, null,
                        $"{type} reads untagged data as {w.DefaultSubtype} in {_w} and has no default subtype in {_r}: data written before {Short(type)} became abstract no longer reads",
                        $"keep [AmberDefaultSubtype(typeof({Short(w.DefaultSubtype)}))] on {Short(type)}");
                }
                else if (r.DefaultSubtype != null)
                {
                    Add("default-subtype-changed", true, type, null,
                        $"{type} reads untagged data as {w.DefaultSubtype} in {_w} and as {r.DefaultSubtype} in {_r}: old data changes type",
                        $"keep [AmberDefaultSubtype(typeof({Short(w.DefaultSubtype)}))] on {Short(type)}");
                }
            }
        }

        private void SubtypeMissing(string type, string subtype, List<SchemaType> readable, List<KeyValuePair<string, uint>> written)
        {
            // A readable type no written type matches may be the missing one renamed.
            var renamed = new List<string>();
            foreach (SchemaType t in readable)
            {
                bool isWritten = false;
                foreach (KeyValuePair<string, uint> s in written)
                {
                    if (t.ReadsTag(s.Value)) isWritten = true;
                }
                if (!isWritten && t.Name != type) renamed.Add(t.Name);
            }
            string message = CurrentReads
                ? $"{_w}'s data may hold a {subtype} where {type} is declared, and this build has no {type} of that name or type tag: it refuses that data (AmberOptions.UnknownTypes decides)"
                : $"this build may write a {subtype} where {type} is declared, and {_r} has no {type} of that name or type tag: it refuses that data (AmberOptions.UnknownTypes decides)";
            string fix = CurrentReads
                ? (renamed.Count > 0
                    ? $"if {subtype} was renamed to {string.Join(" or ", renamed)}, add [AmberFormerName(\"{subtype}\")] to it; else keep {Short(subtype)}"
                    : $"keep {Short(subtype)} (it may be [Obsolete]) while data holding it is read")
                : $"ship a release that knows {Short(subtype)} before this build writes it, or set AmberOptions.UnknownTypes in {_r}";
            Add("subtype-missing", true, type, null, message, fix);
        }

        private void TypeChanged(string type, string? member, string where, SchemaEncoding w, SchemaEncoding r)
        {
            string? wire = WireOf(w);
            string effect = wire != null && wire == WireOf(r) && wire is "varint" or "fixed32" or "fixed64" or "fixed128" or "bytes"
                ? $"both are written as {wire}, so {_r} reads {_w}'s values as other values, or refuses some (an AmberException naming the member)"
                : $"{_r} refuses {_w}'s data of it (AmberException naming the member)";
            Add("member-type-changed", true, type, member,
                $"{where} is {w} in {_w} and {r} in {_r}: {effect}",
                $"keep the type, or add a member of the new type under a new name and leave {member ?? Short(type)} as it was ([Obsolete] keeps it out of new code)");
        }

        /// <summary>The wire type a node is written as (docs/format.md §3), or null when the document does not say.</summary>
        private static string? WireOf(SchemaEncoding e) => e.Kind switch
        {
            "nullable" => WireOf(e.Element!),
            "enum" => "varint",
            "bytes" => "bytes",
            "sequence" => "sequence",
            "map" => "map",
            "object" or "objectTag" or "polymorphic" or "dynamic" => "object",
            "scalar" => e.Scalar switch
            {
                "Boolean" or "Byte" or "SByte" or "Int16" or "UInt16" or "Int32" or "UInt32" or "Int64" or "UInt64" or "Char" or "TimeSpan" or "DateOnly" or "TimeOnly" => "varint",
                "Single" or "Half" => "fixed32",
                "Double" or "DateTime" => "fixed64",
                "Guid" or "Int128" or "UInt128" => "fixed128",
                "String" or "Decimal" or "BigInteger" or "DateTimeOffset" or "Uri" or "Version" => "bytes",
                _ => null,
            },
            _ => null,
        };

        private static bool IsNumeric(SchemaEncoding e) =>
            e.Kind == "enum" || (e.Kind == "scalar" && (IntegerSize(e.Scalar) > 0 || FloatSize(e.Scalar) > 0));

        private void CompareNumbers(SchemaEncoding w, SchemaEncoding r, string type, string? member, string where)
        {
            string ws = w.Scalar ?? "", rs = r.Scalar ?? "";
            int wFloat = FloatSize(ws), rFloat = FloatSize(rs);
            if (wFloat > 0 || rFloat > 0)
            {
                if (wFloat == 0 || rFloat == 0) TypeChanged(type, member, where, w, r);
                else if (rFloat < wFloat)
                {
                    Add("member-narrowed", true, type, member,
                        $"{where} is {ws} in {_w} and {rs} in {_r}: {_r} refuses {_w}'s {ws} values (a wider floating-point value is never narrowed)",
                        $"keep {ws}");
                }
                else if (rFloat > wFloat)
                {
                    Add("member-widened", false, type, member, $"{where} is {Widening(ws, rs)}: the wider type reads the narrower one's values", null);
                }
                return;
            }
            int wSize = IntegerSize(ws), rSize = IntegerSize(rs);
            if (wSize == 0 || rSize == 0)
            {
                TypeChanged(type, member, where, w, r);
                return;
            }
            if (IsSigned(ws) != IsSigned(rs))
            {
                Add("member-sign-changed", true, type, member,
                    $"{where} is {ws} in {_w} and {rs} in {_r}: a signed and an unsigned integer share a wire type but not an encoding, so {_r} reads {_w}'s values as other numbers without an error",
                    $"keep {ws}, or a wider type of the same signedness");
            }
            else if (rSize < wSize)
            {
                Add("member-narrowed", true, type, member,
                    $"{where} is {ws} in {_w} and {rs} in {_r}: {_r} refuses a value past {rs}'s range (AmberException naming the member)",
                    $"keep {ws} while {_w}'s data is read");
            }
            else if (rSize > wSize)
            {
                Add("member-widened", false, type, member, $"{where} is {Widening(ws, rs)}: the wider type reads the narrower one's values", null);
            }
            if (w.Kind == "enum" && r.Kind == "enum")
            {
                // A member's enum node does not name the enum: the document's enum of exactly these values does, when there is one.
                string? enumName = EnumName(CurrentReads ? _reader : _writer, CurrentReads ? r : w);
                if (enumName != null) CompareEnumValues(w, r, enumName, null, enumName);
                else CompareEnumValues(w, r, type, member, where);
            }
        }

        /// <summary>The one enum type of <paramref name="document"/> whose values are exactly <paramref name="e"/>'s, or null.</summary>
        private static string? EnumName(SchemaDocument document, SchemaEncoding e)
        {
            string? found = null;
            var values = new HashSet<string>(StringComparer.Ordinal);
            foreach (KeyValuePair<string, string> v in e.Values) values.Add(v.Key + "=" + v.Value);
            foreach (SchemaType t in document.Types)
            {
                if (t.Kind != "enum" || t.Encoding == null || t.Encoding.Scalar != e.Scalar || t.Encoding.Values.Count != e.Values.Count) continue;
                bool same = true;
                foreach (KeyValuePair<string, string> v in t.Encoding.Values) same &= values.Contains(v.Key + "=" + v.Value);
                if (!same) continue;
                if (found != null) return null;
                found = t.Name;
            }
            return found;
        }

        private string Widening(string w, string r) => CurrentReads ? $"{w} in the baseline and {r} in this build" : $"{r} in the baseline and {w} in this build";

        private void CompareEnumValues(SchemaEncoding w, SchemaEncoding r, string type, string? member, string where)
        {
            foreach (KeyValuePair<string, string> value in w.Values)
            {
                string? sameName = null;
                bool numberNamed = false;
                foreach (KeyValuePair<string, string> other in r.Values)
                {
                    if (other.Key == value.Key) sameName = other.Value;
                    if (other.Value == value.Value) numberNamed = true;
                }
                if (sameName != null && sameName != value.Value)
                {
                    string baseline = CurrentReads ? value.Value : sameName, current = CurrentReads ? sameName : value.Value;
                    Add("enum-value-renumbered", true, type, member,
                        $"{where}: {value.Key} is {baseline} in the baseline and {current} in this build, so each reads the other's {value.Key} as another value",
                        $"keep {value.Key} = {baseline}, and give new values new numbers");
                    continue;
                }
                if (numberNamed || sameName != null) continue;
                Add("enum-value-missing", true, type, member,
                    CurrentReads
                        ? $"{where}: {_w}'s data may hold {value.Key} ({value.Value}), which this build's enum does not name; it reads as the bare number"
                        : $"{where}: this build may write {value.Key} ({value.Value}), which {_r}'s enum does not name; it reads there as the bare number",
                    CurrentReads
                        ? $"keep {value.Key} = {value.Value} (it may be [Obsolete])"
                        : $"ship a release that knows {value.Key} before this build writes it");
            }
        }

        private static int IntegerSize(string? scalar) => scalar switch
        {
            "SByte" or "Byte" => 1,
            "Int16" or "UInt16" => 2,
            "Int32" or "UInt32" => 4,
            "Int64" or "UInt64" => 8,
            _ => 0,
        };

        private static bool IsSigned(string scalar) => scalar is "SByte" or "Int16" or "Int32" or "Int64";

        private static int FloatSize(string? scalar) => scalar switch
        {
            "Half" => 2,
            "Single" => 4,
            "Double" => 8,
            _ => 0,
        };

        private string CurrentName(SchemaType w, SchemaType r) => CurrentReads ? r.Name : w.Name;

        private static string Article(string kind) => kind switch
        {
            "object" => "an object type",
            "enum" => "an enum",
            "abstract" => "an abstract type",
            _ => "a value type",
        };

        /// <summary>The name without its namespace, as code beside it writes it.</summary>
        private static string Short(string name)
        {
            int generic = name.IndexOf('<');
            int dot = name.LastIndexOf('.', generic < 0 ? name.Length - 1 : generic);
            return dot < 0 ? name : name.Substring(dot + 1);
        }

        private void Add(string rule, bool breaking, string type, string? member, string message, string? fix)
        {
            var finding = new SchemaFinding(rule, breaking, type, member, message, fix);
            if (_seen.Add(finding.Identity)) _findings.Add(finding);
        }
    }
}
