using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using Amber.Compression;
using Amber.Streaming;
using Amber.Tool.Tests.Model;

namespace Amber.Tool.Tests
{
    /// <summary>What one run of the tool returned and printed.</summary>
    public sealed record ToolResult(int Code, string Stdout, string Stderr);

    /// <summary>Runs the tool in-process and writes the files it looks at into a temporary directory.</summary>
    public abstract class ToolTestBase : IDisposable
    {
        protected ToolTestBase()
        {
            Directory = Path.Combine(Path.GetTempPath(), "amber-tool-tests-" + Guid.NewGuid().ToString("N").Substring(0, 8));
            System.IO.Directory.CreateDirectory(Directory);
        }

        protected string Directory { get; }

        /// <summary>The model assembly's path, as a user would give it to --assembly.</summary>
        protected static string ModelAssembly => typeof(Save).Assembly.Location;

        protected static ToolResult Run(params string[] args)
        {
            var stdout = new StringWriter();
            var stderr = new StringWriter();
            int code = AmberTool.Run(args, stdout, stderr);
            return new ToolResult(code, stdout.ToString(), stderr.ToString());
        }

        protected static AmberStreamOptions Options(string codec) => codec switch
        {
            "stored" => new AmberStreamOptions { ItemsPerFrame = 10 },
            "brotli" => new AmberStreamOptions { ItemsPerFrame = 10, Compression = AmberBrotli.Default },
            "lz4" => new AmberStreamOptions { ItemsPerFrame = 10, Compression = AmberLz4.Default },
            _ => throw new ArgumentOutOfRangeException(nameof(codec), codec, null),
        };

        /// <summary>A chunked stream of <paramref name="count"/> saves in frames of 10 items.</summary>
        protected static byte[] StreamBytes(int count, string codec = "stored")
        {
            var ms = new MemoryStream();
            Samples.WriteStream(ms, count, Options(codec));
            return ms.ToArray();
        }

        protected string WriteFile(string name, byte[] bytes)
        {
            string path = Path.Combine(Directory, name);
            File.WriteAllBytes(path, bytes);
            return path;
        }

        /// <summary>Where each frame starts; the last entry is where the end frame starts.</summary>
        protected static List<int> FrameStarts(byte[] stream)
        {
            var starts = new List<int>();
            int pos = 5;
            while (true)
            {
                starts.Add(pos);
                if (stream[pos] == 0x80) return starts;
                pos += 17 + (int)BinaryPrimitives.ReadUInt32LittleEndian(stream.AsSpan(pos + 9));
            }
        }

        public void Dispose()
        {
            try
            {
                System.IO.Directory.Delete(Directory, recursive: true);
            }
            catch (IOException)
            {
            }
            GC.SuppressFinalize(this);
        }
    }
}
