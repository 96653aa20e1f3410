using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading;
using Amber;
using Amber.Json;
using Amber.Streaming;

namespace Amber.Soak
{
    /// <summary>The work of each phase, run on every soak thread; each checks what it reads back and counts the bytes it wrote.</summary>
    internal sealed class Phases
    {
        private readonly Settings _settings;
        private long _written;

        // Only with --pin: a holder that keeps the largest payload its thread wrote, as a faulty pooled writer would.
        // It shows the soak can fail: this array is never released.
        [ThreadStatic] private static byte[]? t_pinned;

        public Phases(Settings settings) => _settings = settings;

        /// <summary>The bytes written since the last call.</summary>
        public long TakeWritten() => Interlocked.Exchange(ref _written, 0);

        private long _ordersFromJson;

        /// <summary>The orders read from JSON so far, each through FromJson and PayloadFromJson.</summary>
        public long OrdersFromJson => Interlocked.Read(ref _ordersFromJson);

        private void Count(long bytes) => Interlocked.Add(ref _written, bytes);

        /// <summary>One very large value on the first few threads, written and read through the byte[], IBufferWriter or Stream entry points in turn.</summary>
        public void LargeValue(int worker, int cycle)
        {
            if (worker >= _settings.LargeThreads) return;
            Cargo cargo = MakeCargo(_settings.LargeMegabytes, seed: cycle * 31 + worker);
            Cargo? back;
            long length;
            switch ((cycle + worker) % 3)
            {
                case 0:
                {
                    byte[] bytes = AmberSerializer.Serialize(cargo);
                    length = bytes.Length;
                    if (_settings.Pin && (t_pinned == null || t_pinned.Length < bytes.Length)) t_pinned = (byte[])bytes.Clone();
                    back = AmberSerializer.Deserialize<Cargo>(bytes);
                    break;
                }
                case 1:
                {
                    var chunks = new ChunkWriter(1 << 20);
                    AmberSerializer.Serialize(chunks, cargo);
                    length = chunks.Length;
                    back = AmberSerializer.Deserialize<Cargo>(chunks.ToSequence());
                    break;
                }
                default:
                {
                    using var stream = new MemoryStream();
                    AmberSerializer.Serialize(stream, cargo);
                    length = stream.Length;
                    stream.Position = 0;
                    back = AmberSerializer.Deserialize<Cargo>(stream);
                    break;
                }
            }
            Count(length);
            Check(cargo, back);
        }

        /// <summary>A reference-mode graph of many shared nodes on every thread, so the identity maps and reference tables grow.</summary>
        public void SharedGraph(int worker, int cycle)
        {
            int n = _settings.Nodes;
            var graph = new Graph { Nodes = new List<Node>(n), Picks = new List<Node>(n / 2) };
            for (int i = 0; i < n; i++)
            {
                graph.Nodes.Add(new Node { Id = i, Label = "node " + i + "/" + cycle, Parent = i == 0 ? null : graph.Nodes[(i - 1) / 2] });
            }
            var random = new Random(cycle * 7 + worker);
            int[] picked = new int[n / 2];
            for (int j = 0; j < picked.Length; j++)
            {
                picked[j] = random.Next(n);
                graph.Picks.Add(graph.Nodes[picked[j]]);
            }
            byte[] bytes = AmberSerializer.Serialize(graph);
            Count(bytes.Length);
            Graph back = AmberSerializer.Deserialize<Graph>(bytes) ?? throw new InvalidDataException("The graph came back null.");
            if (back.Nodes.Count != n || back.Picks.Count != picked.Length) throw new InvalidDataException("The graph came back with other counts.");
            for (int j = 0; j < picked.Length; j += 97)
            {
                if (!ReferenceEquals(back.Picks[j], back.Nodes[picked[j]])) throw new InvalidDataException("A shared node came back as a copy.");
            }
            for (int i = 1; i < n; i += 101)
            {
                if (!ReferenceEquals(back.Nodes[i].Parent, back.Nodes[(i - 1) / 2])) throw new InvalidDataException("A parent came back as a copy.");
            }
        }

        /// <summary>A chunked stream of many items per thread, read back item by item; on the first thread a snapshot file too.</summary>
        public void Streams(int worker, int cycle)
        {
            int count = _settings.StreamItems;
            using (var stream = new MemoryStream())
            {
                AmberStream.Write(stream, MakeLines(count, cycle + worker));
                Count(stream.Length);
                stream.Position = 0;
                int seen = 0;
                foreach (Line line in AmberStream.Read<Line>(stream))
                {
                    if (line.Id != seen) throw new InvalidDataException("A stream item came back out of order.");
                    seen++;
                }
                if (seen != count) throw new InvalidDataException("The stream came back with " + seen + " items, not " + count + ".");
            }
            if (worker != 0) return;
            string path = Path.Combine(Path.GetTempPath(), "amber-soak-" + Environment.ProcessId + ".amber");
            try
            {
                AmberSnapshot.WriteFile(path, MakeLines(count, cycle));
                Count(new FileInfo(path).Length);
                int seen = 0;
                foreach (Line line in AmberSnapshot.ReadFile<Line>(path))
                {
                    if (line.Id != seen) throw new InvalidDataException("A snapshot item came back out of order.");
                    seen++;
                }
                if (seen != count) throw new InvalidDataException("The snapshot came back with " + seen + " items, not " + count + ".");
            }
            finally
            {
                File.Delete(path);
            }
        }

        /// <summary>
        /// Many small payloads on every thread for the phase's time: byte[], a reused buffer writer, framed messages, small
        /// graphs, and orders read from JSON (AmberJson.FromJson from a string, PayloadFromJson from UTF-8), as a service that
        /// accepts JSON reads them: whatever such a call keeps for the process grows here with the thousands of calls.
        /// </summary>
        public void Small(int worker, TimeSpan duration)
        {
            var clock = Stopwatch.StartNew();
            var buffer = new ArrayBufferWriter<byte>(4096);
            var note = new Note { From = "sender " + worker, Body = new string('m', 120), Values = new double[] { 1, 2, 3, 4, 5, 6, 7, 8 } };
            long written = 0, orders = 0;
            int i = 0;
            while (clock.Elapsed < duration)
            {
                for (int k = 0; k < 64; k++, i++)
                {
                    note.Id = i;
                    byte[] bytes = AmberSerializer.Serialize(note);
                    written += bytes.Length;
                    if (AmberSerializer.Deserialize<Note>(bytes)?.Id != i) throw new InvalidDataException("A small payload came back wrong.");

                    buffer.ResetWrittenCount();
                    AmberFraming.WriteMessage(buffer, note);
                    written += buffer.WrittenCount;
                    var sequence = new ReadOnlySequence<byte>(buffer.WrittenMemory);
                    if (!AmberFraming.TryReadMessage(ref sequence, out Note? framed) || framed?.Id != i) throw new InvalidDataException("A framed message came back wrong.");

                    if ((k & 3) == 0)
                    {
                        written += OrderFromJson(worker, i + 1);
                        orders++;
                    }

                    if ((k & 7) == 0)
                    {
                        var graph = new Graph();
                        for (int n = 0; n < 16; n++) graph.Nodes.Add(new Node { Id = n, Label = "n", Parent = n == 0 ? null : graph.Nodes[n - 1] });
                        graph.Picks.Add(graph.Nodes[3]);
                        buffer.ResetWrittenCount();
                        AmberSerializer.Serialize(buffer, graph);
                        written += buffer.WrittenCount;
                        Graph? back = AmberSerializer.Deserialize<Graph>(buffer.WrittenSpan);
                        if (back == null || !ReferenceEquals(back.Picks[0], back.Nodes[3])) throw new InvalidDataException("A small graph came back wrong.");
                    }
                }
            }
            Count(written);
            Interlocked.Add(ref _ordersFromJson, orders);
        }

        /// <summary>
        /// One order as JSON, read back both ways and checked: the value from the string, the payload from UTF-8 against the
        /// serializer's bytes (so <paramref name="id"/> is not 0, which the serializer leaves out and the JSON writes).
        /// </summary>
        private static long OrderFromJson(int worker, int id)
        {
            string json = "{\"Id\": " + id + ", \"Customer\": {\"Name\": \"customer " + worker + "\", \"Tier\": 2}, \"Lines\": ["
                + "{\"Sku\": \"a-" + id + "\", \"Count\": 2, \"Price\": 9.5}, {\"Sku\": \"b\", \"Count\": 1, \"Price\": 3}]}";
            Order? back = AmberJson.FromJson<Order>(json);
            if (back == null || back.Id != id || back.Customer?.Name != "customer " + worker || back.Lines.Count != 2 || back.Lines[0].Sku != "a-" + id)
                throw new InvalidDataException("An order read from JSON came back wrong.");
            byte[] payload = AmberJson.PayloadFromJson<Order>(Encoding.UTF8.GetBytes(json));
            if (!payload.AsSpan().SequenceEqual(AmberSerializer.Serialize(back))) throw new InvalidDataException("The payload of an order's JSON is not the serializer's.");
            return payload.Length;
        }

        private static Cargo MakeCargo(int megabytes, int seed)
        {
            long target = (long)megabytes << 20;
            var random = new Random(seed);
            var cargo = new Cargo();
            cargo.Blob = new byte[(int)(target * 4 / 10)];
            random.NextBytes(cargo.Blob);
            cargo.Text = new string((char)('a' + seed % 26), (int)(target * 15 / 100));
            int notes = (int)(target * 15 / 100 / 200);
            cargo.Notes = new List<string>(notes);
            for (int i = 0; i < notes; i++) cargo.Notes.Add(i.ToString("D8") + new string('n', 192));
            int lines = (int)(target * 3 / 10 / 45);
            cargo.Lines = MakeLines(lines, seed);
            return cargo;
        }

        private static List<Line> MakeLines(int count, int seed)
        {
            var lines = new List<Line>(count);
            for (int i = 0; i < count; i++)
            {
                lines.Add(new Line
                {
                    Id = i,
                    Stamp = 638_000_000_000_000_000L + i * 10_000L + seed,
                    Price = i * 0.25,
                    Name = "line-" + i,
                    Tags = (i & 3) == 0 ? new List<int> { i, seed } : null,
                });
            }
            return lines;
        }

        private static void Check(Cargo sent, Cargo? back)
        {
            if (back == null) throw new InvalidDataException("The large value came back null.");
            if (back.Blob.Length != sent.Blob.Length || back.Blob[^1] != sent.Blob[^1] || back.Blob[0] != sent.Blob[0]) throw new InvalidDataException("The large byte array came back wrong.");
            if (!string.Equals(back.Text, sent.Text, StringComparison.Ordinal)) throw new InvalidDataException("The long string came back wrong.");
            if (back.Notes.Count != sent.Notes.Count || back.Notes[^1] != sent.Notes[^1]) throw new InvalidDataException("The strings came back wrong.");
            if (back.Lines.Count != sent.Lines.Count) throw new InvalidDataException("The objects came back with another count.");
            for (int i = 0; i < back.Lines.Count; i += 9973)
            {
                Line a = sent.Lines[i], b = back.Lines[i];
                if (a.Id != b.Id || a.Stamp != b.Stamp || a.Price != b.Price || a.Name != b.Name || (a.Tags == null) != (b.Tags == null)) throw new InvalidDataException("Object " + i + " came back wrong.");
            }
        }

        /// <summary>An IBufferWriter of fixed-size chunks, each a new array (no pool), read back as one multi-segment sequence.</summary>
        private sealed class ChunkWriter : IBufferWriter<byte>
        {
            private readonly int _chunkSize;
            private readonly List<byte[]> _full = new List<byte[]>();
            private readonly List<int> _fullLengths = new List<int>();
            private byte[] _current;
            private int _used;

            public ChunkWriter(int chunkSize)
            {
                _chunkSize = chunkSize;
                _current = new byte[chunkSize];
            }

            public long Length { get; private set; }

            public void Advance(int count)
            {
                _used += count;
                Length += count;
            }

            public Memory<byte> GetMemory(int sizeHint = 0)
            {
                int start = Ensure(sizeHint);   // may replace _current: read it after
                return _current.AsMemory(start);
            }

            public Span<byte> GetSpan(int sizeHint = 0)
            {
                int start = Ensure(sizeHint);
                return _current.AsSpan(start);
            }

            private int Ensure(int sizeHint)
            {
                if (_current.Length - _used >= Math.Max(sizeHint, 1)) return _used;
                if (_used > 0)
                {
                    _full.Add(_current);
                    _fullLengths.Add(_used);
                }
                _current = new byte[Math.Max(_chunkSize, sizeHint)];
                _used = 0;
                return 0;
            }

            public ReadOnlySequence<byte> ToSequence()
            {
                Segment? first = null, last = null;
                for (int i = 0; i <= _full.Count; i++)
                {
                    ReadOnlyMemory<byte> memory = i < _full.Count ? _full[i].AsMemory(0, _fullLengths[i]) : _current.AsMemory(0, _used);
                    if (memory.Length == 0) continue;
                    var segment = new Segment(memory, last == null ? 0 : last.RunningIndex + last.Memory.Length);
                    if (last == null) first = segment;
                    else last.SetNext(segment);
                    last = segment;
                }
                return first == null ? ReadOnlySequence<byte>.Empty : new ReadOnlySequence<byte>(first, 0, last!, last!.Memory.Length);
            }

            private sealed class Segment : ReadOnlySequenceSegment<byte>
            {
                public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
                {
                    Memory = memory;
                    RunningIndex = runningIndex;
                }

                public void SetNext(Segment next) => Next = next;
            }
        }
    }
}
