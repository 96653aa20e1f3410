using System;
using System.Text;

namespace Amber.Generator.Emitting
{
    /// <summary>
    /// A small indentation-aware writer for generated C#: lines, blocks that close themselves, and templates
    /// (a multi-line string written line by line at the current indentation, its own indentation kept).
    /// </summary>
    internal sealed class SourceWriter
    {
        private readonly StringBuilder _sb = new StringBuilder();
        private int _indent;

        public void Line(string text = "")
        {
            if (text.Length == 0)
            {
                _sb.Append('\n');
                return;
            }
            _sb.Append(' ', _indent * 4).Append(text).Append('\n');
        }

        /// <summary>
        /// Writes each line of <paramref name="template"/> at the current indentation; the template's own indentation
        /// (after the raw string literal's common indentation is removed) stays, so nested braces read as they will be written.
        /// </summary>
        public void Lines(string template)
        {
            int start = 0;
            while (start <= template.Length)
            {
                int end = template.IndexOf('\n', start);
                if (end < 0) end = template.Length;
                int length = end - start;
                if (length > 0 && template[end - 1] == '\r') length--;   // a template from a file with CRLF line ends
                Line(template.Substring(start, length));
                start = end + 1;
            }
        }

        public void Open(string? header = null)
        {
            if (header != null) Line(header);
            Line("{");
            _indent++;
        }

        public void Close(string suffix = "")
        {
            _indent--;
            Line("}" + suffix);
        }

        /// <summary><paramref name="header"/> (if any) and a brace, closed when the returned scope is disposed: <c>using (sw.Block("if (…)")) { … }</c>.</summary>
        public Scope Block(string? header = null)
        {
            Open(header);
            return new Scope(this, breaks: false);
        }

        /// <summary>
        /// <paramref name="header"/> and the brace of an object initializer, closed with <paramref name="suffix"/> after its brace
        /// when the returned scope is disposed: <c>new Info</c>, one <c>Name = value,</c> line each, then <c>});</c>.
        /// </summary>
        public Scope Initializer(string header, string suffix)
        {
            Open(header);
            return new Scope(this, breaks: false, suffix);
        }

        /// <summary>A <c>case</c> label and a braced body that ends with <c>break;</c> when the returned scope is disposed.</summary>
        public Scope Case(string label)
        {
            Line("case " + label + ":");
            Open();
            return new Scope(this, breaks: true);
        }

        public override string ToString() => _sb.ToString();

        /// <summary>The end of a block: a struct, so that a <c>using</c> of it allocates nothing.</summary>
        public readonly struct Scope : IDisposable
        {
            private readonly SourceWriter _writer;
            private readonly bool _breaks;
            private readonly string _suffix;

            public Scope(SourceWriter writer, bool breaks, string suffix = "")
            {
                _writer = writer;
                _breaks = breaks;
                _suffix = suffix;
            }

            public void Dispose()
            {
                if (_breaks) _writer.Line("break;");
                _writer.Close(_suffix);
            }
        }
    }
}
