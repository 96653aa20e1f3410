#!/usr/bin/env bash
# Proves the README quick start from a fresh console project that references only the packed
# Amber package (runtime + generator in one package), then chunked LZ4 and Brotli streams with Amber.Compression,
# then message framing over a Pipe, then a fresh web project serving and calling a minimal-API endpoint with Amber.AspNetCore,
# then that every integration package brings the generator along, then a fresh Akka.NET console with Amber.Akka, and a
# fresh web project with Amber.SignalR, Amber.Grpc.AspNetCore and their clients calling a hub and an interface over gRPC.
# Used by .ci/run; run it by hand the same way.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

version="$(sed -n 's:.*<AmberVersion>\(.*\)</AmberVersion>.*:\1:p' "$root/Directory.Build.props")"
dotnet pack "$root/src/Amber" -c Release -o "$work/feed" --nologo -v quiet
test -f "$work/feed/Amber.$version.nupkg"
# The generator must ship inside the package, under analyzers/dotnet/cs.
unzip -l "$work/feed/Amber.$version.nupkg" | grep "analyzers/dotnet/cs/Amber.Generator.dll" >/dev/null
# Every diagnostic's message names its page in the package: each page of docs/diagnostics ships under docs/diagnostics.
listing="$(unzip -l "$work/feed/Amber.$version.nupkg")"; for page in "$root"/docs/diagnostics/AMB*.md; do grep -q "docs/diagnostics/$(basename "$page")\$" <<<"$listing" || { echo "Amber.$version.nupkg lacks docs/diagnostics/$(basename "$page")"; exit 1; }; done

mkdir "$work/app" && cd "$work/app"
dotnet new console --framework net10.0 --name QuickStart --output . >/dev/null
# A private package cache, so the check never sees a stale Amber from an earlier run.
export NUGET_PACKAGES="$work/packages"
dotnet add package Amber --version "$version" --source "$work/feed" >/dev/null
cat > Program.cs <<'CS'
using Amber;

var person = new Person { Name = "Ada", Age = 36 };
byte[] bytes = AmberSerializer.Serialize(person);
Person? back = AmberSerializer.Deserialize<Person>(bytes);
System.Console.WriteLine($"{back?.Name} {back?.Age} {bytes.Length}");

public class Person { public string Name { get; set; } = ""; public int Age { get; set; } }
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "quickstart printed: $out"
[ "$(echo "$out" | tail -n 1)" = "Ada 36 13" ] || { echo "quickstart: unexpected output"; exit 1; }
echo "quickstart: OK"

# A schema baseline from the package's build files: a released version where Person.Age was a string makes the build warn
# on the member (AMB020), as amber schema check would fail.
dotnet build "$root/src/Amber.Tool" -c Release --nologo -v quiet >/dev/null
dotnet "$root/src/Amber.Tool/bin/Release/net8.0/Amber.Tool.dll" schema --assembly bin/Release/net10.0/QuickStart.dll --output baseline.json
perl -0pi -e 's/("name": "Age",\s*"key": \d+,\s*"wireType": )"varint"(,[^{]*"encoding": \{\s*"scalar": )"Int32"/$1"bytes"$2"String"/' baseline.json
grep -q '"String"' baseline.json
cp QuickStart.csproj QuickStart.csproj.plain
sed -i 's#</Project>#<ItemGroup><AmberSchemaBaseline Include="baseline.json" /></ItemGroup></Project>#' QuickStart.csproj
built="$(dotnet build -c Release --nologo --no-incremental 2>&1 || true)"
grep -q "warning AMB020: Person.Age: member-type-changed" <<<"$built" || { echo "baseline check: no AMB020 on Person.Age"; echo "$built" | tail -20; exit 1; }
mv QuickStart.csproj.plain QuickStart.csproj
rm baseline.json
echo "baseline check: OK"

# Chunked streams from the packed packages: an item type named only at AmberStream call sites, LZ4 and Brotli frames from Amber.Compression.
dotnet pack "$root/src/Amber.Compression" -c Release -o "$work/feed" --nologo -v quiet
test -f "$work/feed/Amber.Compression.$version.nupkg"
# LZ4 on both targets, Brotli only in the net8.0 assembly; K4os.Compression.LZ4 comes along as a dependency.
unzip -l "$work/feed/Amber.Compression.$version.nupkg" | grep "lib/netstandard2.1/Amber.Compression.dll" >/dev/null
unzip -l "$work/feed/Amber.Compression.$version.nupkg" | grep "lib/net8.0/Amber.Compression.dll" >/dev/null
unzip -p "$work/feed/Amber.Compression.$version.nupkg" Amber.Compression.nuspec | grep 'id="K4os.Compression.LZ4"' >/dev/null
dotnet add package Amber.Compression --version "$version" --source "$work/feed" >/dev/null
cat > Program.cs <<'CS'
using System.IO;
using System.Linq;
using Amber;
using Amber.Compression;
using Amber.Streaming;

foreach (AmberCompressor compressor in new AmberCompressor[] { AmberLz4.Default, AmberBrotli.Default })
{
    var options = new AmberStreamOptions { Compression = compressor };
    var file = new MemoryStream();
    AmberStream.Write(file, Enumerable.Range(0, 300).Select(i => new Reading { Sensor = "s" + i, Value = i / 2.0 }), options);
    file.Position = 0;
    var back = AmberStream.ReadAll<Reading>(file, options);
    System.Console.WriteLine($"{compressor.Name} {back.Count} {back[299].Sensor} {back[299].Value}");
}

public class Reading { public string Sensor { get; set; } = ""; public double Value { get; set; } }
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "stream check printed: $out"
[ "$(echo "$out" | tail -n 2 | tr '\n' '|')" = "LZ4 300 s299 149.5|Brotli 300 s299 149.5|" ] || { echo "stream check: unexpected output"; exit 1; }
echo "stream check: OK"

# Message framing from the packed package, as the README shows it: a type named only at AmberFraming call
# sites, written into a PipeWriter and read back by a PipeReader loop straight from the pipe's segments.
cat > Program.cs <<'CS'
using System.Buffers;
using System.IO.Pipelines;
using Amber;
using Amber.Streaming;

var pipe = new Pipe();
for (int i = 0; i < 1000; i++) AmberFraming.WriteMessage(pipe.Writer, new Quote { Symbol = "Q" + i, Price = i / 4.0 });
await pipe.Writer.FlushAsync();
await pipe.Writer.CompleteAsync();

int count = 0;
Quote? last = null;
while (true)
{
    ReadResult result = await pipe.Reader.ReadAsync();
    ReadOnlySequence<byte> buffer = result.Buffer;
    while (AmberFraming.TryReadMessage(ref buffer, out Quote? quote)) { count++; last = quote; }
    pipe.Reader.AdvanceTo(buffer.Start, buffer.End);
    if (result.IsCompleted) break;
}
System.Console.WriteLine($"{count} {last?.Symbol} {last?.Price}");

public class Quote { public string Symbol { get; set; } = ""; public double Price { get; set; } }
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "framing check printed: $out"
[ "$(echo "$out" | tail -n 1)" = "1000 Q999 249.75" ] || { echo "framing check: unexpected output"; exit 1; }
echo "framing check: OK"

# A generic helper from the packed package: the types below are named only at calls of Store's methods, whose type
# parameters carry [AmberRoot], so the generator in the package serves them with no [assembly: AmberSerializable];
# the helper sends them as messages of one connection (AmberMessageWriter/Reader: shapes once per connection).
cat > Program.cs <<'CS'
using System.Buffers;
using Amber;
using Amber.Streaming;

var buffer = new ArrayBufferWriter<byte>();
var writer = new AmberMessageWriter();
for (int i = 0; i < 3; i++) Store.Send(writer, buffer, new Reading { Sensor = "s" + i, Value = i * 1.5 });
Store.Send(writer, buffer, new Alarm { Code = 7 });

var reader = new AmberMessageReader();
var bytes = new ReadOnlySequence<byte>(buffer.WrittenMemory);
Reading? last = null;
for (int i = 0; i < 3; i++) last = Store.Receive<Reading>(reader, ref bytes);
Alarm? alarm = Store.Receive<Alarm>(reader, ref bytes);
System.Console.WriteLine($"{last?.Sensor} {last?.Value} {alarm?.Code} {bytes.Length} {Store.Load<Alarm>(Store.Save(new Alarm { Code = 9 }))?.Code}");

static class Store
{
    public static void Send<[AmberRoot] T>(AmberMessageWriter writer, IBufferWriter<byte> to, T value) => writer.WriteMessage(to, value);

    public static T? Receive<[AmberRoot] T>(AmberMessageReader reader, ref ReadOnlySequence<byte> from) =>
        reader.TryReadMessage(ref from, out T? value) ? value : throw new System.InvalidOperationException("a whole message was expected");

    public static byte[] Save<[AmberRoot] T>(T value) => AmberSerializer.Serialize(value);

    public static T? Load<[AmberRoot] T>(byte[] bytes) => AmberSerializer.Deserialize<T>(bytes);
}

public class Reading { public string Sensor { get; set; } = ""; public double Value { get; set; } }
public class Alarm { public int Code { get; set; } }
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "generic helper check printed: $out"
[ "$(echo "$out" | tail -n 1)" = "s2 3 7 0 9" ] || { echo "generic helper check: unexpected output"; exit 1; }
echo "generic helper check: OK"

# ASP.NET Core from the packed packages: a fresh web project that adds only Amber.AspNetCore (Amber and its generator
# come along as a dependency), serves one minimal-API endpoint on Kestrel at a free loopback port, and calls it in
# process with HttpClient. Order and Receipt are named only by AmberBody<Order> and AmberResults.Amber, so this also
# proves the generator roots them; the client reads the answer as its own ReceiptV1 (no Note member).
dotnet pack "$root/src/Amber.AspNetCore" -c Release -o "$work/feed" --nologo -v quiet
test -f "$work/feed/Amber.AspNetCore.$version.nupkg"
unzip -l "$work/feed/Amber.AspNetCore.$version.nupkg" | grep "lib/net8.0/Amber.AspNetCore.dll" >/dev/null
unzip -p "$work/feed/Amber.AspNetCore.$version.nupkg" Amber.AspNetCore.nuspec | grep '<frameworkReference name="Microsoft.AspNetCore.App" />' >/dev/null
mkdir "$work/web" && cd "$work/web"
dotnet new web --framework net10.0 --name QuickStartWeb --output . >/dev/null
dotnet add package Amber.AspNetCore --version "$version" --source "$work/feed" >/dev/null
cat > Program.cs <<'CS'
using System.Net.Http.Headers;
using Amber;
using Amber.AspNetCore;

var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.WebHost.UseUrls("http://127.0.0.1:0");
var app = builder.Build();
app.MapPost("/orders", (AmberBody<Order> order) =>
    AmberResults.Amber(new Receipt { Item = order.Value.Item, Total = order.Value.Quantity * 3, Note = "thanks" }));
await app.StartAsync();

using var client = new HttpClient { BaseAddress = new Uri(app.Urls.First()) };
var content = new ByteArrayContent(AmberSerializer.Serialize(new OrderV1 { Item = "tea", Quantity = 4 }));
content.Headers.ContentType = new MediaTypeHeaderValue(AmberMediaTypes.Amber);
HttpResponseMessage response = await client.PostAsync("/orders", content);
ReceiptV1? receipt = AmberSerializer.Deserialize<ReceiptV1>(await response.Content.ReadAsByteArrayAsync());
var json = new StringContent("{}", System.Text.Encoding.UTF8, "application/json");
HttpResponseMessage refused = await client.PostAsync("/orders", json);
Console.WriteLine($"{(int)response.StatusCode} {response.Content.Headers.ContentType} {receipt?.Item} {receipt?.Total} {(int)refused.StatusCode}");
await app.StopAsync();

public class Order { public string Item { get; set; } = ""; public int Quantity { get; set; } }
public class Receipt { public string Item { get; set; } = ""; public int Total { get; set; } public string Note { get; set; } = ""; }
public class OrderV1 { public string Item { get; set; } = ""; public int Quantity { get; set; } }
public class ReceiptV1 { public string Item { get; set; } = ""; public int Total { get; set; } }
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "aspnet check printed: $out"
[ "$(echo "$out" | tail -n 1)" = "200 application/x-amber tea 12 415" ] || { echo "aspnet check: unexpected output"; exit 1; }
echo "aspnet check: OK"

# Every integration package brings Amber's generator along: its dependency on Amber must not exclude analyzers
# (NuGet's default for a project reference would), or a project that installs only the integration package gets no codecs.
for pkg in Amber.Compression Amber.AspNetCore Amber.Grpc Amber.Kafka Amber.Caching Amber.Orleans Amber.Akka Amber.SignalR; do
  [ -f "$work/feed/$pkg.$version.nupkg" ] || dotnet pack "$root/src/$pkg" -c Release -o "$work/feed" --nologo -v quiet
  dep="$(unzip -p "$work/feed/$pkg.$version.nupkg" "$pkg.nuspec" | grep '<dependency id="Amber"' | head -n 1)"
  [ -n "$dep" ] || { echo "$pkg: no dependency on Amber"; exit 1; }
  case "$dep" in *Analyzers*) echo "$pkg: its Amber dependency excludes the generator: $dep"; exit 1;; esac
done
# Amber.Grpc.AspNetCore reaches Amber through Amber.Grpc: that dependency must bring the generator along the same way.
[ -f "$work/feed/Amber.Grpc.AspNetCore.$version.nupkg" ] || dotnet pack "$root/src/Amber.Grpc.AspNetCore" -c Release -o "$work/feed" --nologo -v quiet
dep="$(unzip -p "$work/feed/Amber.Grpc.AspNetCore.$version.nupkg" Amber.Grpc.AspNetCore.nuspec | grep '<dependency id="Amber.Grpc"' | head -n 1)"
[ -n "$dep" ] || { echo "Amber.Grpc.AspNetCore: no dependency on Amber.Grpc"; exit 1; }
case "$dep" in *Analyzers*) echo "Amber.Grpc.AspNetCore: its Amber.Grpc dependency excludes the generator: $dep"; exit 1;; esac
# The engine packages depend on Amber and the engine only (Akka.Persistence is named at compile time, not a dependency).
unzip -p "$work/feed/Amber.Akka.$version.nupkg" Amber.Akka.nuspec | grep -q 'id="Akka.Persistence"' && { echo "Amber.Akka depends on Akka.Persistence"; exit 1; }
unzip -p "$work/feed/Amber.Orleans.$version.nupkg" Amber.Orleans.nuspec | grep -q 'id="Microsoft.Orleans.Runtime"' && { echo "Amber.Orleans depends on the silo runtime"; exit 1; }
echo "integration packages: OK"

# Akka.NET from the packed package: a fresh console that adds only Amber.Akka (Amber and its generator come along), binds
# it with HOCON, and has every local message pass through it (serialize-messages). Greet and Greeted are plain records named
# only at Akka's own APIs (Receive<Greet>, Tell, Ask<Greeted>), which Amber.Akka declares, so the generator serves them.
mkdir "$work/akka" && cd "$work/akka"
dotnet new console --framework net10.0 --name QuickStartAkka --output . >/dev/null
# The local feed next to the configured ones: Akka's packages come from those.
cat > nuget.config <<XML
<configuration><packageSources><add key="amber-local" value="$work/feed" /></packageSources></configuration>
XML
dotnet add package Amber.Akka --version "$version" >/dev/null
cat > Program.cs <<'CS'
using Akka.Actor;
using Akka.Configuration;

Config config = ConfigurationFactory.ParseString(@"
akka.loglevel = ERROR
akka.actor.serialize-messages = on
akka.actor.serializers.amber = ""Amber.Akka.AmberAkkaSerializer, Amber.Akka""
akka.actor.serialization-bindings { ""IGreeting, QuickStartAkka"" = amber }");
using ActorSystem system = ActorSystem.Create("quickstart", config);
IActorRef greeter = system.ActorOf(Props.Create(() => new Greeter()));
Greeted reply = await greeter.Ask<Greeted>(new Greet("Ada", 3), System.TimeSpan.FromSeconds(10));
string serializer = system.Serialization.FindSerializerFor(new Greet("x", 1)).GetType().Name;
System.Console.WriteLine($"{reply.Text} {reply.Times} {serializer}");
await system.Terminate();

public interface IGreeting { }
public sealed record Greet(string Who, int Times) : IGreeting;
public sealed record Greeted(string Text, int Times) : IGreeting;
public sealed class Greeter : ReceiveActor
{
    public Greeter() => Receive<Greet>(g => Sender.Tell(new Greeted("hello " + g.Who, g.Times)));
}
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "akka check printed: $out"
[ "$(echo "$out" | tail -n 1)" = "hello Ada 3 AmberAkkaSerializer" ] || { echo "akka check: unexpected output"; exit 1; }
echo "akka check: OK"

# SignalR and code-first gRPC from the packed packages, in one fresh web project (one restore and build for both): it adds
# only Amber.SignalR and Amber.Grpc.AspNetCore (Amber.Grpc, Amber and its generator come along) and the two .NET clients.
# It hosts a hub speaking the 'amber' protocol (HTTP/1.1, a WebSocket) and serves a plain interface over gRPC (HTTP/2),
# each on its own loopback port, and calls each once. Order and Receipt are named only by the hub's method, which
# Amber.SignalR declares a contract of, and IShop only at MapAmberGrpcService and CreateAmberClient: the generator serves
# them with no attribute.
mkdir "$work/web2" && cd "$work/web2"
dotnet new web --framework net10.0 --name QuickStartRemote --output . >/dev/null
cat > nuget.config <<XML
<configuration><packageSources><add key="amber-local" value="$work/feed" /></packageSources></configuration>
XML
dotnet add package Amber.SignalR --version "$version" --no-restore >/dev/null
dotnet add package Microsoft.AspNetCore.SignalR.Client --version 10.0.15 --no-restore >/dev/null
dotnet add package Amber.Grpc.AspNetCore --version "$version" --no-restore >/dev/null
dotnet add package Grpc.Net.Client --version 2.85.0 --no-restore >/dev/null
cat > Program.cs <<'CS'
using Amber.Grpc;
using Amber.SignalR;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;

TimeSpan timeout = TimeSpan.FromSeconds(20);
var builder = WebApplication.CreateBuilder(args);
builder.Logging.ClearProviders();
builder.WebHost.ConfigureKestrel(k =>
{
    k.Listen(System.Net.IPAddress.Loopback, 0, o => o.Protocols = HttpProtocols.Http1);
    k.Listen(System.Net.IPAddress.Loopback, 0, o => o.Protocols = HttpProtocols.Http2);
});
builder.Services.AddSignalR().AddAmberProtocol();
builder.Services.AddAmberGrpc();
var app = builder.Build();
app.UseWebSockets();
app.MapHub<ShopHub>("/shop");
app.MapAmberGrpcService<Shop>();
await app.StartAsync().WaitAsync(timeout);
string[] urls = app.Urls.ToArray();

await using HubConnection connection = new HubConnectionBuilder()
    .WithUrl(urls[0] + "/shop", HttpTransportType.WebSockets)
    .AddAmberProtocol()
    .Build();
await connection.StartAsync().WaitAsync(timeout);
Receipt receipt = await connection.InvokeAsync<Receipt>("Place", new Order("tea", 4)).WaitAsync(timeout);
Console.WriteLine($"{receipt.Item} {receipt.Total} {connection.State}");

using GrpcChannel channel = GrpcChannel.ForAddress(urls[1]);
IShop shop = channel.CreateAmberClient<IShop>();
Receipt viaGrpc = await shop.Place(new Order("tea", 4)).WaitAsync(timeout);
int total = await shop.Add(viaGrpc.Total, 30).WaitAsync(timeout);
Console.WriteLine($"{viaGrpc.Item} {viaGrpc.Total} {total}");
await app.StopAsync().WaitAsync(timeout);

public record Order(string Item, int Quantity);
public record Receipt(string Item, int Total);
public sealed class ShopHub : Hub
{
    public Receipt Place(Order order) => new Receipt(order.Item, order.Quantity * 3);
}
public interface IShop
{
    Task<Receipt> Place(Order order);
    Task<int> Add(int a, int b);
}
public sealed class Shop : IShop
{
    public Task<Receipt> Place(Order order) => Task.FromResult(new Receipt(order.Item, order.Quantity * 3));
    public Task<int> Add(int a, int b) => Task.FromResult(a + b);
}
CS
out="$(dotnet run -c Release --nologo 2>&1)"
echo "signalr and grpc check printed: $out"
[ "$(echo "$out" | tail -n 2 | head -n 1)" = "tea 12 Connected" ] || { echo "signalr check: unexpected output"; exit 1; }
echo "signalr check: OK"
[ "$(echo "$out" | tail -n 1)" = "tea 12 42" ] || { echo "grpc check: unexpected output"; exit 1; }
echo "grpc check: OK"
