// context=streams: what docs/streams.md's fragments read and write: a file, the events of a topic, a pipe's two ends,
// and the message types the page names.
global using static StreamsContext;

public sealed class SportEvent { public string Id { get; set; } = ""; public string Name { get; set; } = ""; }
public sealed class Quote { public string Symbol { get; set; } = ""; public double Price { get; set; } }
public sealed class Envelope { public string Header { get; set; } = ""; }

public static class StreamsContext
{
    public static readonly System.IO.Stream file = new System.IO.MemoryStream();
    public static readonly System.Collections.Generic.List<SportEvent> events = new System.Collections.Generic.List<SportEvent>();
    public static readonly System.Threading.CancellationToken ct = default;
    public static readonly System.IO.Pipelines.PipeWriter writer = new System.IO.Pipelines.Pipe().Writer;
    public static readonly System.IO.Pipelines.PipeReader reader = new System.IO.Pipelines.Pipe().Reader;
    public static readonly System.IO.Pipelines.PipeWriter pipeWriter = writer;
    public static readonly Envelope envelope = new Envelope();
    public static System.Buffers.ReadOnlySequence<byte> buffer;

    public static void Load(SportEvent e) { }
    public static void Handle(Quote quote) { }
    public static void Handle(Envelope envelope) { }
}
