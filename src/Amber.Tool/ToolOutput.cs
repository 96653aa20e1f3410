using System;
using System.IO;
using System.Text;

namespace Amber.Tool
{
    /// <summary>A write-only stream that decodes UTF-8 onto a <see cref="TextWriter"/>: JSON written with Utf8JsonWriter goes to stdout.</summary>
    internal sealed class TextWriterStream : Stream
    {
        private readonly TextWriter _writer;
        private readonly Decoder _decoder = new UTF8Encoding(false).GetDecoder();
        private char[] _chars = new char[4096];

        public TextWriterStream(TextWriter writer) => _writer = writer;

        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            int needed = _decoder.GetCharCount(buffer, flush: false);
            if (_chars.Length < needed) _chars = new char[Math.Max(needed, _chars.Length * 2)];
            int n = _decoder.GetChars(buffer, _chars, flush: false);
            _writer.Write(_chars, 0, n);
        }

        public override void Flush() => _writer.Flush();
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
    }

    /// <summary>
    /// Progress of a long read on stderr as a percentage of the file's bytes, written when the whole percentage
    /// changes: on a terminal over one line (carriage returns), elsewhere one line per 10%.
    /// </summary>
    internal sealed class PercentProgress : IProgress<long>
    {
        private readonly TextWriter _stderr;
        private readonly long _total;
        private readonly bool _terminal;
        private int _shown = -1;

        public PercentProgress(TextWriter stderr, long total, bool terminal)
        {
            _stderr = stderr;
            _total = Math.Max(total, 1);
            _terminal = terminal;
        }

        public void Report(long value)
        {
            int percent = (int)Math.Min(100, value * 100 / _total);
            if (percent == _shown || (!_terminal && percent / 10 == _shown / 10 && _shown >= 0)) return;
            _shown = percent;
            if (_terminal) _stderr.Write($"\ramber: {percent,3}% of {ToolFormat.Bytes(_total)}");
            else _stderr.WriteLine($"amber: {percent}% of {ToolFormat.Bytes(_total)} read");
            _stderr.Flush();
        }

        /// <summary>Ends the progress line on a terminal, so what follows starts on a line of its own.</summary>
        public void Done()
        {
            if (_terminal && _shown >= 0) _stderr.Write("\r" + new string(' ', 40) + "\r");
        }
    }

    internal static class ToolFormat
    {
        public static string Bytes(long n) =>
            n < 10 * 1024 ? n + " B"
            : n < 10L * 1024 * 1024 ? (n / 1024.0).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + " KiB"
            : n < 10L * 1024 * 1024 * 1024 ? (n / 1024.0 / 1024).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + " MiB"
            : (n / 1024.0 / 1024 / 1024).ToString("0.0", System.Globalization.CultureInfo.InvariantCulture) + " GiB";
    }
}
