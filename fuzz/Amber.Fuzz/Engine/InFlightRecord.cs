using System;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.InteropServices;
using System.Text;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz.Engine
{
    /// <summary>
    /// The input being executed, kept in a memory-mapped file (<c>.inflight</c> in the findings
    /// folder). A stack overflow or fatal error kills the process with no chance to catch anything;
    /// the operating system still has the mapped page, so the next run finds the record marked
    /// active and turns it into a <see cref="FindingKind.ProcessDied"/> finding.
    /// </summary>
    internal sealed class InFlightRecord : IDisposable
    {
        private const int NameCapacity = 256;
        private const int Header = 4 + 1 + 2 + NameCapacity + 4;
        private const int Capacity = Header + Mutator.MaxLength + 64;
        private const uint Magic = 0x464C4641;   // "AFLF"
        private readonly string _path;
        private readonly MemoryMappedFile _file;
        private readonly MemoryMappedViewAccessor _view;
        private bool _disposed;
        private volatile bool _closed;
        private readonly PosixSignalRegistration _sigterm;

        public InFlightRecord(string directory)
        {
            Directory.CreateDirectory(directory);
            _path = Path.Combine(directory, ".inflight");
            _file = MemoryMappedFile.CreateFromFile(_path, File.Exists(_path) ? FileMode.Open : FileMode.CreateNew, null, Capacity);
            _view = _file.CreateViewAccessor(0, Capacity);
            // Stopped from outside (Ctrl+C, SIGTERM): the process did not die of its input.
            AppDomain.CurrentDomain.ProcessExit += OnExit;
            Console.CancelKeyPress += OnCancel;
            _sigterm = PosixSignalRegistration.Create(PosixSignal.SIGTERM, _ => Close());
        }

        private void OnExit(object? sender, EventArgs e) => Close();

        private void OnCancel(object? sender, ConsoleCancelEventArgs e) => Close();

        /// <summary>No more records: the loop may run a little longer while the process shuts down.</summary>
        private void Close()
        {
            lock (_view)
            {
                _closed = true;
                if (!_disposed) _view.Write(4, (byte)0);
            }
        }

        public Finding? RecoverDeadRun()
        {
            if (_view.ReadUInt32(0) != Magic || _view.ReadByte(4) != 1) return null;
            int nameLength = Math.Min((int)_view.ReadUInt16(5), NameCapacity);
            var name = new byte[nameLength];
            _view.ReadArray(7, name, 0, nameLength);
            int length = Math.Min(_view.ReadInt32(7 + NameCapacity), Capacity - Header);
            var input = new byte[Math.Max(0, length)];
            _view.ReadArray(Header, input, 0, input.Length);
            _view.Write(4, (byte)0);
            return new Finding(Encoding.UTF8.GetString(name), FindingKind.ProcessDied, "process died", input, Delivery.Whole,
                "The previous run ended while executing this input (a stack overflow or another fatal error; the delivery — segments or read sizes — was not recorded). Replay it to see.");
        }

        public void Begin(string target, byte[] input)
        {
            if (_closed) return;
            int n = Math.Min(Encoding.UTF8.GetByteCount(target), NameCapacity);
            Span<byte> name = stackalloc byte[NameCapacity];
            Encoding.UTF8.GetBytes(target.AsSpan(), name);
            _view.Write(0, Magic);
            _view.Write(4, (byte)1);
            _view.Write(5, (ushort)n);
            for (int i = 0; i < n; i++) _view.Write(7 + i, name[i]);
            int length = Math.Min(input.Length, Capacity - Header);
            _view.Write(7 + NameCapacity, length);
            _view.WriteArray(Header, input, 0, length);
            if (_closed) _view.Write(4, (byte)0);   // Close ran while this record was written
        }

        public void Finish()
        {
            lock (_view)
            {
                if (!_disposed) _view.Write(4, (byte)0);
            }
        }

        public void Dispose()
        {
            Finish();
            AppDomain.CurrentDomain.ProcessExit -= OnExit;
            Console.CancelKeyPress -= OnCancel;
            _sigterm.Dispose();
            lock (_view) _disposed = true;
            _view.Dispose();
            _file.Dispose();
        }
    }
}
