using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Amber.Bench.Serializers;
using Amber.Bench.Workloads;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// <c>--payload-hashes FILE</c>: every selected workload case written once by every selected
    /// serializer, and a line per row with the payload's size and SHA-256, nothing timed. Two files
    /// made before and after a change to the codec differ exactly where the bytes on the wire changed.
    /// </summary>
    public static class PayloadHashes
    {
        /// <summary>Writes the file and returns the number of rows in it.</summary>
        public static int Write(string path, BenchOptions options, IReadOnlyList<ISerializerAdapter> adapters)
        {
            List<string> lines = Rows(options, adapters).ToList();
            string? folder = Path.GetDirectoryName(Path.GetFullPath(path));
            if (folder != null) Directory.CreateDirectory(folder);
            File.WriteAllLines(path, lines);
            return lines.Count;
        }

        /// <summary>"workload[: case]", serializer, size in bytes and the SHA-256 of the bytes, tab-separated.</summary>
        public static IEnumerable<string> Rows(BenchOptions options, IReadOnlyList<ISerializerAdapter> adapters)
        {
            BenchScale scale = options.Scale;
            List<ISerializerAdapter> selected = adapters.Where(a => options.WantsSerializer(a.Name)).ToList();
            foreach (Workload workload in BenchRunner.AllWorkloads().Where(w => options.Workloads == null || options.Workloads.Contains(w.Name)))
            {
                List<WorkloadCase> cases = workload.Cases(scale, options.Full).ToList();
                foreach (ISerializerAdapter adapter in selected)
                {
                    if (!adapter.Supports(workload.Name)) continue;
                    List<WorkloadCase> own = adapter is IOwnModelAdapter o
                        ? o.Workloads.Single(w => w.Name == workload.Name).Cases(scale, options.Full).ToList()
                        : cases;
                    foreach (WorkloadCase input in own)
                    {
                        byte[] bytes = input.Accept(new Writer(adapter.For(input.Needs)));
                        yield return $"{input.Title}\t{adapter.Name}\t{bytes.Length}\t{Convert.ToHexString(SHA256.HashData(bytes)).ToLowerInvariant()}";
                    }
                }
            }
        }

        /// <summary>The bytes one serializer writes for a case: its payload, or each item's payload after its length.</summary>
        private sealed class Writer : IWorkloadCaseVisitor<byte[]>
        {
            private readonly ISerializerAdapter _adapter;
            private readonly ArrayBufferWriter<byte> _buffer = new ArrayBufferWriter<byte>();

            public Writer(ISerializerAdapter adapter) => _adapter = adapter;

            public byte[] Visit<T>(WorkloadCase<T> input)
            {
                _buffer.ResetWrittenCount();
                _adapter.Serialize(input.Value, _buffer);
                return _buffer.WrittenSpan.ToArray();
            }

            public byte[] Visit<TItem>(PayloadPerItemCase<TItem> input)
            {
                var all = new MemoryStream();
                foreach (TItem item in input.Items)
                {
                    _buffer.ResetWrittenCount();
                    _adapter.Serialize(item, _buffer);
                    all.Write(BitConverter.GetBytes(_buffer.WrittenCount));
                    all.Write(_buffer.WrittenSpan);
                }
                return all.ToArray();
            }
        }
    }
}
