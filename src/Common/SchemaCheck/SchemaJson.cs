using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

// The generator compiles this file for netstandard2.0 too, which has neither span parsing nor TryAdd.
#pragma warning disable CA1846, CA1864

namespace Amber.SchemaCheck
{
    /// <summary>
    /// A small JSON reader for schema documents (docs/schema.md): objects, arrays, strings, numbers (kept as their text, so a
    /// <c>ulong</c> enum value keeps every digit), <c>true</c>, <c>false</c> and <c>null</c>. It has no dependency, so the same
    /// code runs in the <c>amber</c> tool and in the source generator.
    /// </summary>
    internal sealed class SchemaJson
    {
        private SchemaJson(char kind) => Kind = kind;

        /// <summary><c>o</c> object, <c>a</c> array, <c>s</c> string, <c>n</c> number, <c>b</c> true or false, <c>z</c> null.</summary>
        public char Kind { get; }

        /// <summary>A string's value, or a number's text.</summary>
        public string? Text { get; private set; }

        public bool Bool { get; private set; }

        /// <summary>An object's members in document order.</summary>
        public List<KeyValuePair<string, SchemaJson>>? Members { get; private set; }

        public List<SchemaJson>? Items { get; private set; }

        /// <summary>An object's member of that name, or null.</summary>
        public SchemaJson? this[string name]
        {
            get
            {
                if (Members == null) return null;
                foreach (KeyValuePair<string, SchemaJson> pair in Members)
                {
                    if (pair.Key == name) return pair.Value;
                }
                return null;
            }
        }

        public static SchemaJson Parse(string text)
        {
            int at = 0;
            SkipSpace(text, ref at);
            SchemaJson value = ParseValue(text, ref at, 0);
            SkipSpace(text, ref at);
            if (at != text.Length) throw Error(text, at, "text after the end of the document");
            return value;
        }

        private static SchemaJson ParseValue(string text, ref int at, int depth)
        {
            if (depth > 128) throw Error(text, at, "nested more than 128 levels");
            if (at >= text.Length) throw Error(text, at, "the document ends early");
            char c = text[at];
            switch (c)
            {
                case '{':
                {
                    at++;
                    var value = new SchemaJson('o') { Members = new List<KeyValuePair<string, SchemaJson>>() };
                    SkipSpace(text, ref at);
                    if (Peek(text, at) == '}')
                    {
                        at++;
                        return value;
                    }
                    while (true)
                    {
                        SkipSpace(text, ref at);
                        if (Peek(text, at) != '"') throw Error(text, at, "a member name was expected");
                        string name = ParseString(text, ref at);
                        SkipSpace(text, ref at);
                        if (Peek(text, at) != ':') throw Error(text, at, "':' was expected");
                        at++;
                        SkipSpace(text, ref at);
                        value.Members.Add(new KeyValuePair<string, SchemaJson>(name, ParseValue(text, ref at, depth + 1)));
                        SkipSpace(text, ref at);
                        char next = Peek(text, at);
                        at++;
                        if (next == '}') return value;
                        if (next != ',') throw Error(text, at - 1, "',' or '}' was expected");
                    }
                }
                case '[':
                {
                    at++;
                    var value = new SchemaJson('a') { Items = new List<SchemaJson>() };
                    SkipSpace(text, ref at);
                    if (Peek(text, at) == ']')
                    {
                        at++;
                        return value;
                    }
                    while (true)
                    {
                        SkipSpace(text, ref at);
                        value.Items.Add(ParseValue(text, ref at, depth + 1));
                        SkipSpace(text, ref at);
                        char next = Peek(text, at);
                        at++;
                        if (next == ']') return value;
                        if (next != ',') throw Error(text, at - 1, "',' or ']' was expected");
                    }
                }
                case '"':
                    return new SchemaJson('s') { Text = ParseString(text, ref at) };
                case 't':
                    Expect(text, ref at, "true");
                    return new SchemaJson('b') { Bool = true };
                case 'f':
                    Expect(text, ref at, "false");
                    return new SchemaJson('b');
                case 'n':
                    Expect(text, ref at, "null");
                    return new SchemaJson('z');
                default:
                    if (c == '-' || (c >= '0' && c <= '9'))
                    {
                        int start = at++;
                        while (at < text.Length && (char.IsDigit(text[at]) || text[at] is '.' or 'e' or 'E' or '+' or '-')) at++;
                        return new SchemaJson('n') { Text = text.Substring(start, at - start) };
                    }
                    throw Error(text, at, $"unexpected '{c}'");
            }
        }

        private static string ParseString(string text, ref int at)
        {
            at++;   // the opening quote
            var sb = new StringBuilder();
            while (true)
            {
                if (at >= text.Length) throw Error(text, at, "a string is not closed");
                char c = text[at++];
                if (c == '"') return sb.ToString();
                if (c != '\\')
                {
                    sb.Append(c);
                    continue;
                }
                if (at >= text.Length) throw Error(text, at, "a string is not closed");
                char e = text[at++];
                switch (e)
                {
                    case 'n': sb.Append('\n'); break;
                    case 'r': sb.Append('\r'); break;
                    case 't': sb.Append('\t'); break;
                    case 'b': sb.Append('\b'); break;
                    case 'f': sb.Append('\f'); break;
                    case 'u':
                        if (at + 4 > text.Length || !int.TryParse(text.Substring(at, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out int code))
                            throw Error(text, at, "a \\u escape needs four hex digits");
                        sb.Append((char)code);
                        at += 4;
                        break;
                    default: sb.Append(e); break;
                }
            }
        }

        private static void Expect(string text, ref int at, string word)
        {
            if (string.CompareOrdinal(text, at, word, 0, word.Length) != 0) throw Error(text, at, $"'{word}' was expected");
            at += word.Length;
        }

        private static char Peek(string text, int at) => at < text.Length ? text[at] : '\0';

        private static void SkipSpace(string text, ref int at)
        {
            while (at < text.Length && text[at] is ' ' or '\t' or '\r' or '\n') at++;
        }

        private static FormatException Error(string text, int at, string what)
        {
            int line = 1, column = 1;
            for (int i = 0; i < at && i < text.Length; i++)
            {
                if (text[i] == '\n')
                {
                    line++;
                    column = 1;
                }
                else
                {
                    column++;
                }
            }
            return new FormatException($"not a schema document: {what} at line {line}, column {column}");
        }
    }
}
