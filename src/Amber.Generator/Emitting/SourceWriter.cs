using System.Text;

namespace Amber.Generator.Emitting
{
    /// <summary>A small indentation-aware writer for generated C#.</summary>
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

        public override string ToString() => _sb.ToString();
    }
}
