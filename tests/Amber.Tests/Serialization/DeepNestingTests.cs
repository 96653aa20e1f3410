using System;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Amber.Tests.Models;
using Xunit;

namespace Amber.Tests.Serialization
{
    /// <summary>
    /// Regression tests for what the fuzzer (fuzz/Amber.Fuzz) showed about deep nesting: a failure deep
    /// in a payload, and a raised MaxDepth, must end in an AmberException on small stacks too, never in a
    /// stack overflow (which no code can catch: the process dies).
    /// </summary>
    public class DeepNestingTests
    {
        /// <summary>
        /// A chain of <paramref name="depth"/> (at least 2) <see cref="Node"/>s, Value absent, in the exact bytes Amber
        /// writes: payload header; the root with its shape (Next only: the root lists the members it has, and Value is
        /// 0) and presence 0x01; the second node with the full shape [Value, Next] (shape 1) and presence 0x02 (Next, an
        /// object member, is always written); then <c>05 02</c> (shape 1, Next present) per further level, and
        /// <c>00</c>: the last Next is null.
        /// </summary>
        private static byte[] NodeChain(int depth)
        {
            byte[] two = AmberSerializer.Serialize(new Node { Next = new Node() });
            Assert.Equal(new byte[] { 0x15, 0x02, 0x02 }, two.Take(3));
            Assert.Equal(new byte[] { 0x01, 0x06, 0x04 }, two.Skip(5).Take(3));
            Assert.Equal(new byte[] { 0x02, 0x00 }, two.Skip(12));
            var bytes = two.Take(13).ToList();
            for (int i = 0; i < depth - 2; i++) bytes.AddRange(new byte[] { 0x05, 0x02 });
            bytes.Add(0x00);
            return bytes.ToArray();
        }

        private static Exception? OnThread(int stackBytes, Action read)
        {
            Exception? caught = null;
            var t = new Thread(() =>
            {
                try
                {
                    read();
                }
                catch (Exception e)
                {
                    caught = e;
                }
            }, stackBytes);
            t.Start();
            t.Join();
            return caught;
        }

        [Fact]
        public void The_chain_bytes_are_what_Amber_writes()
        {
            Node n = AmberSerializer.Deserialize<Node>(NodeChain(5))!;
            int depth = 0;
            for (Node? x = n; x != null; x = x.Next) depth++;
            Assert.Equal(5, depth);
        }

        [Fact]
        public void A_truncated_payload_nested_to_the_default_depth_fails_cleanly_on_a_512_KB_stack()
        {
            // Was: each generated level caught the exception to add its member to the path and rethrew it,
            // which nests one exception dispatch per level on the stack; 50 levels overflowed 768 KB.
            byte[] chain = NodeChain(63);
            byte[] cut = chain.AsSpan(0, chain.Length - 1).ToArray();
            Exception? e = OnThread(512 * 1024, () => AmberSerializer.Deserialize<Node>(cut));
            var ae = Assert.IsType<AmberException>(e);
            Assert.Equal(cut.Length, ae.ByteOffset);
            // The path still names every level, outermost first.
            Assert.Equal("Node" + string.Concat(Enumerable.Repeat(".Next", 63)), ae.MemberPath);
        }

        [Fact]
        public void The_fuzz_finding_that_overflowed_a_512_KB_stack_with_default_options_is_an_AmberException()
        {
            // fuzz/Amber.Fuzz found it in seconds on the code before the fix (target Deep.span, 512 KB stack,
            // default options): a reference-mode payload whose Left members nest past MaxDepth 64. The depth
            // check fired correctly, but unwinding 64 catch-and-rethrow frames overflowed the stack.
            byte[] input = File.ReadAllBytes(Path.Combine(Path.GetDirectoryName(ThisFile())!, "FuzzFindings", "Deep.span-497a677fab85e270.bin"));
            Assert.Equal(9295, input.Length);
            Exception? e = OnThread(512 * 1024, () => AmberSerializer.Deserialize<FuzzDeep>(input));
            var ae = Assert.IsType<AmberException>(e);
            Assert.Contains("nesting depth exceeds the limit of 64", ae.Message, StringComparison.Ordinal);
            Assert.StartsWith("FuzzDeep.Left.Left.Left", ae.MemberPath, StringComparison.Ordinal);
        }

        private static string ThisFile([CallerFilePath] string path = "") => path;

        [Fact]
        public void A_raised_MaxDepth_fails_cleanly_when_the_stack_runs_out()
        {
            // Was: MaxDepth may be raised to 10,000, but 10,000 nested objects do not fit in a 1.5 MB stack
            // (the default of a .NET thread on Linux): a 20 KB payload ended the process.
            byte[] chain = NodeChain(9_999);
            var options = new AmberOptions { MaxDepth = 10_000 };
            Exception? e = OnThread(1536 * 1024, () => AmberSerializer.Deserialize<Node>(chain, options));
            var ae = Assert.IsType<AmberException>(e);
            Assert.Contains("stack", ae.Message, StringComparison.Ordinal);
            Assert.InRange(ae.ByteOffset, 1, chain.Length);

            // Writing such a graph stops the same way (writer frames are smaller: a 256 KB stack).
            var root = new Node();
            Node last = root;
            for (int i = 0; i < 9_998; i++) last = last.Next = new Node();
            e = OnThread(256 * 1024, () => AmberSerializer.Serialize(root, options));
            Assert.Contains("stack", Assert.IsType<AmberException>(e).Message, StringComparison.Ordinal);

            // A thread with room for it reads it.
            Assert.Null(OnThread(64 << 20, () => Assert.NotNull(AmberSerializer.Deserialize<Node>(chain, options))));
        }
    }
}
