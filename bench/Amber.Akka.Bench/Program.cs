using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Configuration;
using Akka.Serialization;

namespace Amber.Akka.Bench
{
    /// <summary>
    /// The remote burst: for each serializer, two actor systems on 127.0.0.1 over Akka.Remote; a burst of messages is sent
    /// from one to an actor of the other, which checks each message and reports when all arrived. Rounds are interleaved
    /// (each round runs every serializer once, in a rotating order) and the first round is a warm-up; the table gives the
    /// median messages per second with the lowest and highest round, and the bytes one message takes on the wire
    /// (the serializer's payload plus the manifest Akka sends with it).
    /// </summary>
    public static class Program
    {
        private sealed record Workload(string Name, int Count, Func<int, IBenchMessage> Make);

        private sealed class Pair
        {
            public Pair(string serializer, ActorSystem sender, ActorSystem receiver)
            {
                Serializer = serializer;
                Sender = sender;
                Receiver = receiver;
            }

            public string Serializer { get; }
            public ActorSystem Sender { get; }
            public ActorSystem Receiver { get; }
        }

        private sealed class Collector : ReceiveActor
        {
            public Collector(int expected)
            {
                int received = 0, bad = 0;
                Receive<IBenchMessage>(message =>
                {
                    if (!message.IsIntact(received)) bad++;
                    received++;
                    if (received == expected)
                    {
                        Sender.Tell(new BurstDone(received, bad));
                        received = 0;
                        bad = 0;
                    }
                });
            }
        }

        private sealed class Completer : ReceiveActor
        {
            public Completer(Func<TaskCompletionSource<BurstDone>> current)
            {
                Receive<BurstDone>(done => current().TrySetResult(done));
            }
        }

        public static async Task<int> Main(string[] args)
        {
            int rounds = args.Length > 0 ? int.Parse(args[0]) : 10;
            var workloads = new[]
            {
                new Workload("tick (4 members)", 20_000, seq => Tick.Make(seq)),
                new Workload("order (5 lines, 2 tags)", 10_000, seq => OrderPlaced.Make(seq)),
            };
            var serializers = new (string Name, string Hocon)[]
            {
                ("Amber", @"akka.actor.serializers.amber = ""Amber.Akka.AmberAkkaSerializer, Amber.Akka""
akka.actor.serialization-bindings { ""Amber.Akka.Bench.IBenchMessage, Amber.Akka.Bench"" = amber }"),
                ("Newtonsoft JSON (Akka's default)", ""),
                ("Hyperion", @"akka.actor.serializers.hyperion = ""Akka.Serialization.HyperionSerializer, Akka.Serialization.Hyperion""
akka.actor.serialization-bindings { ""Amber.Akka.Bench.IBenchMessage, Amber.Akka.Bench"" = hyperion }"),
            };

            var pairs = serializers.Select((s, i) => new Pair(s.Name, Start("sender" + i, s.Hocon), Start("receiver" + i, s.Hocon))).ToArray();
            var total = Stopwatch.StartNew();
            bool allIntact = true;
            var report = new StringBuilder();
            report.AppendLine($"Akka.Remote over 127.0.0.1, two actor systems in one process, {Environment.ProcessorCount} cores, {rounds} measured rounds after one warm-up; every message checked on arrival.");
            try
            {
                foreach (Workload workload in workloads)
                {
                    IBenchMessage[] messages = Enumerable.Range(0, workload.Count).Select(workload.Make).ToArray();
                    var rates = pairs.ToDictionary(p => p, _ => new List<double>());
                    var targets = new Dictionary<Pair, (IActorRef Collector, IActorRef ReportTo, Func<TaskCompletionSource<BurstDone>> Next)>();
                    foreach (Pair pair in pairs)
                    {
                        string name = "collector-" + workload.Count + "-" + Math.Abs(workload.Name.GetHashCode());
                        pair.Receiver.ActorOf(Props.Create(() => new Collector(workload.Count)), name);
                        Address address = ((ExtendedActorSystem)pair.Receiver).Provider.DefaultAddress;
                        IActorRef collector = await pair.Sender.ActorSelection(new RootActorPath(address) / "user" / name).ResolveOne(TimeSpan.FromSeconds(20));
                        var holder = new TaskCompletionSource<BurstDone>[1];
                        IActorRef reportTo = pair.Sender.ActorOf(Props.Create(() => new Completer(() => holder[0])));
                        // The completer completes the task the sender put in the slot before the burst.
                        TaskCompletionSource<BurstDone> Next()
                        {
                            var tcs = new TaskCompletionSource<BurstDone>(TaskCreationOptions.RunContinuationsAsynchronously);
                            holder[0] = tcs;
                            return tcs;
                        }
                        targets[pair] = (collector, reportTo, Next);
                    }

                    for (int round = 0; round <= rounds; round++)
                    {
                        for (int k = 0; k < pairs.Length; k++)
                        {
                            Pair pair = pairs[(k + round) % pairs.Length];
                            var (collector, reportTo, next) = targets[pair];
                            TaskCompletionSource<BurstDone> done = next();
                            var watch = Stopwatch.StartNew();
                            foreach (IBenchMessage message in messages) collector.Tell(message, reportTo);
                            BurstDone result = await done.Task.WaitAsync(TimeSpan.FromSeconds(60));
                            watch.Stop();
                            if (result.Received != workload.Count || result.Bad != 0)
                            {
                                allIntact = false;
                                Console.Error.WriteLine($"{pair.Serializer}, {workload.Name}: {result.Received} received, {result.Bad} not intact");
                            }
                            if (round > 0) rates[pair].Add(workload.Count / watch.Elapsed.TotalSeconds);
                        }
                    }

                    report.AppendLine();
                    report.AppendLine($"### {workload.Name}: bursts of {workload.Count:N0} messages");
                    report.AppendLine();
                    report.AppendLine("| serializer | messages/s (median) | lowest – highest round | bytes per message (payload + manifest) |");
                    report.AppendLine("|---|---:|---:|---:|");
                    double amberRate = Median(rates[pairs[0]]);
                    foreach (Pair pair in pairs)
                    {
                        Serializer serializer = pair.Sender.Serialization.FindSerializerFor(messages[0]);
                        double payload = messages.Average(m => (double)serializer.ToBinary(m).Length);
                        double manifest = messages.Average(m => (double)Encoding.UTF8.GetByteCount(Serialization.ManifestFor(serializer, m)));
                        List<double> r = rates[pair];
                        report.AppendLine($"| {pair.Serializer} (`{serializer.GetType().Name}`) | {Median(r):N0} | {r.Min():N0} – {r.Max():N0} | {payload:N1} + {manifest:N1} |");
                    }
                }
            }
            finally
            {
                await Task.WhenAll(pairs.SelectMany(p => new[] { p.Sender.Terminate(), p.Receiver.Terminate() })).WaitAsync(TimeSpan.FromSeconds(30));
            }

            Console.WriteLine(report.ToString());
            Console.WriteLine($"total {total.Elapsed.TotalSeconds:N0} s; {(allIntact ? "every message intact" : "SOME MESSAGES WERE NOT INTACT")}");
            return allIntact ? 0 : 1;
        }

        private static ActorSystem Start(string name, string hocon) => ActorSystem.Create(name, ConfigurationFactory.ParseString(hocon + @"
akka.actor.provider = remote
akka.remote.dot-netty.tcp { hostname = 127.0.0.1, port = 0 }
akka.loglevel = ERROR
akka.stdout-loglevel = ERROR
akka.log-dead-letters = off
akka.log-dead-letters-during-shutdown = off
akka.remote.log-remote-lifecycle-events = off
"));

        private static double Median(List<double> values)
        {
            var sorted = values.OrderBy(v => v).ToArray();
            int n = sorted.Length;
            return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        }
    }
}
