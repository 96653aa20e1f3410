using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using Amber.Tests.Models;
using Amber.Tests.Serialization;
using Xunit;

namespace Amber.Tests.Security
{
    /// <summary>
    /// Every truncated prefix and every single-byte change (all 255 other values at every position)
    /// of representative payloads — the golden-byte shapes: an envelope, a bookshelf, rows, a typed
    /// (polymorphic) shape, reference mode with a cycle, object values — read through every entry point
    /// (span, one-segment sequence, one-byte segments, stream, async stream). Each read either succeeds
    /// or throws AmberException with a message and an offset; nothing else is allowed
    /// (docs/security.md).
    /// </summary>
    public class GoldenShapeCorruptionSweepTests
    {
        public static IEnumerable<object[]> Payloads() => new[]
        {
            new object[] { "envelope" }, new object[] { "shelf" }, new object[] { "rows" }, new object[] { "polymorphic" },
            new object[] { "references" }, new object[] { "objects" },
        };

        private sealed class Case
        {
            public Case(byte[] payload, Func<byte[], object?> span, Func<ReadOnlySequence<byte>, object?> sequence, Func<Stream, object?> stream, Func<Stream, object?> streamAsync)
            {
                Payload = payload;
                Span = span;
                Sequence = sequence;
                Stream = stream;
                StreamAsync = streamAsync;
            }

            public byte[] Payload { get; }
            public Func<byte[], object?> Span { get; }
            public Func<ReadOnlySequence<byte>, object?> Sequence { get; }
            public Func<Stream, object?> Stream { get; }
            public Func<Stream, object?> StreamAsync { get; }
        }

        private static Case Make(string name)
        {
            var references = new AmberOptions { PreserveReferences = true };
            switch (name)
            {
                case "envelope":
                    return new Case(
                        AmberSerializer.Serialize(new MessageEnvelope { Header = "Test", From = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), KeyValuePairs = new Dictionary<string, string> { ["k"] = "v" } }),
                        b => AmberSerializer.Deserialize<MessageEnvelope>(b), s => AmberSerializer.Deserialize<MessageEnvelope>(s),
                        s => AmberSerializer.Deserialize<MessageEnvelope>(s), s => AmberSerializer.DeserializeAsync<MessageEnvelope>(s).AsTask().GetAwaiter().GetResult());
                case "shelf":
                    return new Case(
                        AmberSerializer.Serialize(new BookShelf { Books = new List<Book> { new Book { Title = "Book 0", Id = 0 }, new Book { Title = "Book 1", Id = 1, BookData = new byte[] { 1, 2 } } } }),
                        b => AmberSerializer.Deserialize<BookShelf>(b), s => AmberSerializer.Deserialize<BookShelf>(s),
                        s => AmberSerializer.Deserialize<BookShelf>(s), s => AmberSerializer.DeserializeAsync<BookShelf>(s).AsTask().GetAwaiter().GetResult());
                case "rows":
                    return new Case(
                        AmberSerializer.Serialize(new[] { new Vector3 { X = 1, Y = 2, Z = 3 }, new Vector3 { X = -1 } }),
                        b => AmberSerializer.Deserialize<Vector3[]>(b), s => AmberSerializer.Deserialize<Vector3[]>(s),
                        s => AmberSerializer.Deserialize<Vector3[]>(s), s => AmberSerializer.DeserializeAsync<Vector3[]>(s).AsTask().GetAwaiter().GetResult());
                case "polymorphic":
                    return new Case(
                        AmberSerializer.Serialize(new Models.Poly.Inventory { Items = new List<Models.Poly.Item> { new Models.Poly.Sword { Name = "s" }, new Models.Poly.Key { Name = "k", OpensDoor = 3 } } }),
                        b => AmberSerializer.Deserialize<Models.Poly.Inventory>(b), s => AmberSerializer.Deserialize<Models.Poly.Inventory>(s),
                        s => AmberSerializer.Deserialize<Models.Poly.Inventory>(s), s => AmberSerializer.DeserializeAsync<Models.Poly.Inventory>(s).AsTask().GetAwaiter().GetResult());
                case "references":
                {
                    var root = new Models.Refs.Node { Name = "root" };
                    var child = new Models.Refs.Node { Name = "child", Parent = root };
                    root.Children.Add(child);
                    root.Children.Add(child);
                    return new Case(
                        AmberSerializer.Serialize(root, references),
                        b => AmberSerializer.Deserialize<Models.Refs.Node>(b), s => AmberSerializer.Deserialize<Models.Refs.Node>(s),
                        s => AmberSerializer.Deserialize<Models.Refs.Node>(s), s => AmberSerializer.DeserializeAsync<Models.Refs.Node>(s).AsTask().GetAwaiter().GetResult());
                }
                default:
                {
                    var shared = new List<object?> { "a", 2 };
                    var values = new Dictionary<string, object?> { ["n"] = 5L, ["s"] = shared, ["t"] = shared, ["d"] = 0.5, ["p"] = new Person { Name = "P" } };
                    return new Case(
                        AmberSerializer.Serialize(values, references),
                        b => AmberSerializer.Deserialize<Dictionary<string, object?>>(b), s => AmberSerializer.Deserialize<Dictionary<string, object?>>(s),
                        s => AmberSerializer.Deserialize<Dictionary<string, object?>>(s), s => AmberSerializer.DeserializeAsync<Dictionary<string, object?>>(s).AsTask().GetAwaiter().GetResult());
                }
            }
        }

        private static IEnumerable<(string Entry, Action Read)> EntryPoints(Case c, byte[] data)
        {
            yield return ("span", () => c.Span(data));
            yield return ("sequence", () => c.Sequence(new ReadOnlySequence<byte>(data)));
            yield return ("one-byte segments", () => c.Sequence(Segments.OneByte(data)));
            yield return ("stream", () => c.Stream(new MemoryStream(data)));
            yield return ("async stream", () => c.StreamAsync(new MemoryStream(data)));
        }

        /// <summary>Runs a read; returns true if it succeeded, false for an AmberException; fails the test for anything else.</summary>
        private static bool Outcome(string what, Action read)
        {
            try
            {
                read();
                return true;
            }
            catch (AmberException ex)
            {
                Assert.False(string.IsNullOrEmpty(ex.Problem), what + ": an AmberException without a problem");
                return false;
            }
            catch (Exception ex)
            {
                Assert.Fail($"{what}: threw {ex.GetType().Name} instead of AmberException: {ex.Message}");
                return false;
            }
        }

        [Theory]
        [MemberData(nameof(Payloads))]
        public void Every_truncated_prefix_fails_with_AmberException_through_every_entry_point(string name)
        {
            Case c = Make(name);
            foreach ((string entry, Action read) in EntryPoints(c, c.Payload))
            {
                Assert.True(Outcome($"{name} whole ({entry})", read), $"{name}: the whole payload does not read ({entry})");
            }
            for (int length = 0; length < c.Payload.Length; length++)
            {
                byte[] cut = c.Payload.AsSpan(0, length).ToArray();
                foreach ((string entry, Action read) in EntryPoints(c, cut))
                {
                    Assert.False(Outcome($"{name} cut to {length} of {c.Payload.Length} ({entry})", read), $"{name} cut to {length} bytes read without an error ({entry})");
                }
            }
        }

        [Theory]
        [MemberData(nameof(Payloads))]
        public void Every_single_byte_change_reads_or_fails_with_AmberException_through_every_entry_point(string name)
        {
            Case c = Make(name);
            byte[] data = (byte[])c.Payload.Clone();
            int failures = 0, reads = 0;
            for (int i = 0; i < data.Length; i++)
            {
                byte original = data[i];
                for (int v = 0; v < 256; v++)
                {
                    if (v == original) continue;
                    data[i] = (byte)v;
                    bool? first = null;
                    foreach ((string entry, Action read) in EntryPoints(c, data))
                    {
                        bool ok = Outcome($"{name}: byte {i} 0x{original:X2} -> 0x{v:X2} ({entry})", read);
                        // Every entry point reads the same bytes the same way.
                        first ??= ok;
                        Assert.True(first == ok, $"{name}: byte {i} -> 0x{v:X2}: {entry} disagrees with span");
                    }
                    if (first == true) reads++; else failures++;
                }
                data[i] = original;
            }
            // Most changes are detected; some (a changed character, a changed number) are legitimately a different value.
            Assert.True(failures > 0 && reads > 0, $"{name}: {failures} failures, {reads} reads");
        }
    }
}
