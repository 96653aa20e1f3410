using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Orleans;
using Orleans.Serialization;
using Orleans.TestingHost;

namespace Amber.Orleans.Bench
{
    /// <summary>
    /// The same grain call (a drawing in, the same drawing back) with its values written by Amber's codec and by
    /// Orleans' generated serializer, on one in-process cluster (one silo, one client, in-memory transport): calls per
    /// second in interleaved rounds (median and spread), and the bytes of the value through Orleans' Serializer.
    /// </summary>
    public static class Program
    {
        private const int Rounds = 15;
        private const int CallsPerRound = 10_000;
        private const int InFlight = 32;

        public static async Task<int> Main()
        {
            var builder = new InProcessTestClusterBuilder(1);
            builder.Options.ConfigureFileLogging = false;
            builder.ConfigureSilo((_, silo) => silo.Services.AddSerializer(b => b.AddAmberSerializer()));
            builder.ConfigureClient(client => client.Services.AddSerializer(b => b.AddAmberSerializer()));
            await using InProcessTestCluster cluster = builder.Build();
            await cluster.DeployAsync().WaitAsync(TimeSpan.FromSeconds(60));

            IBenchGrain grain = cluster.Client.GetGrain<IBenchGrain>(0);
            (Drawing amber, NDrawing native) = Sample();
            IServiceProvider services = cluster.Client.ServiceProvider;

            // Bytes: the value as Orleans writes it in a message (its Serializer, the declared type known).
            byte[] amberBytes = services.GetRequiredService<Serializer<Drawing>>().SerializeToArray(amber);
            byte[] nativeBytes = services.GetRequiredService<Serializer<NDrawing>>().SerializeToArray(native);
            Check(services.GetRequiredService<Serializer<Drawing>>().Deserialize(amberBytes)!, amber);

            // Warm up both paths (JIT, activation), then interleave rounds so drift hits both alike.
            Check(await grain.Amber(amber), amber);
            if ((await grain.Native(native)).Shapes.Count != native.Shapes.Count) throw new InvalidOperationException("The native drawing did not come back as it was sent.");
            for (int i = 0; i < 3; i++)
            {
                await Run(() => grain.Amber(amber), CallsPerRound);
                await Run(() => grain.Native(native), CallsPerRound);
            }
            var amberRates = new List<double>();
            var nativeRates = new List<double>();
            for (int round = 0; round < Rounds; round++)
            {
                bool amberFirst = round % 2 == 0;
                if (amberFirst) amberRates.Add(await Run(() => grain.Amber(amber), CallsPerRound));
                nativeRates.Add(await Run(() => grain.Native(native), CallsPerRound));
                if (!amberFirst) amberRates.Add(await Run(() => grain.Amber(amber), CallsPerRound));
            }

            // The codec alone: serialize + deserialize through Orleans' Serializer, no call; interleaved rounds too.
            var amberCodec = new List<double>();
            var nativeCodec = new List<double>();
            for (int round = 0; round < 5; round++)
            {
                amberCodec.Add(CodecRate(services.GetRequiredService<Serializer<Drawing>>(), amber));
                nativeCodec.Add(CodecRate(services.GetRequiredService<Serializer<NDrawing>>(), native));
            }

            Console.WriteLine($"Orleans grain call, a Drawing (10 shapes of two subtypes, 8 anchors, a record) in and back; {Rounds} interleaved rounds of {CallsPerRound:N0} calls, {InFlight} in flight, one silo + client in-process, {Environment.ProcessorCount} cores");
            Console.WriteLine();
            Console.WriteLine("| serializer | calls/s (median) | spread (min-max) | bytes per value | bytes per call (arg + result) | codec round trips/s (median of 5) |");
            Console.WriteLine("|---|---:|---:|---:|---:|---:|");
            Row("Amber codec", amberRates, amberBytes.Length, amberCodec);
            Row("Orleans [GenerateSerializer]", nativeRates, nativeBytes.Length, nativeCodec);
            return 0;
        }

        private static void Row(string name, List<double> rates, int bytes, List<double> codec)
        {
            double[] sorted = rates.OrderBy(r => r).ToArray();
            double median = sorted[sorted.Length / 2];
            Console.WriteLine($"| {name} | {median:N0} | {sorted[0]:N0}-{sorted[^1]:N0} | {bytes} | {2 * bytes} | {codec.OrderBy(r => r).ElementAt(codec.Count / 2):N0} |");
        }

        private static async Task<double> Run<T>(Func<Task<T>> call, int count)
        {
            var inFlight = new Task[InFlight];
            var watch = Stopwatch.StartNew();
            int started = 0;
            for (int i = 0; i < InFlight; i++) inFlight[i] = Loop();
            await Task.WhenAll(inFlight).WaitAsync(TimeSpan.FromSeconds(60));
            return count / watch.Elapsed.TotalSeconds;

            async Task Loop()
            {
                while (System.Threading.Interlocked.Increment(ref started) <= count) await call();
            }
        }

        private static double CodecRate<T>(Serializer<T> serializer, T value)
        {
            const int N = 20_000;
            for (int i = 0; i < 1_000; i++) serializer.Deserialize(serializer.SerializeToArray(value));
            var watch = Stopwatch.StartNew();
            for (int i = 0; i < N; i++) serializer.Deserialize(serializer.SerializeToArray(value));
            return N / watch.Elapsed.TotalSeconds;
        }

        private static void Check(Drawing back, Drawing sent)
        {
            if (back.Title != sent.Title || back.Shapes.Count != sent.Shapes.Count || back.Anchors.Count != sent.Anchors.Count || back.Price != sent.Price
                || back.Shapes.Zip(sent.Shapes).Any(p => p.First.GetType() != p.Second.GetType() || p.First.Name != p.Second.Name))
            {
                throw new InvalidOperationException("The drawing did not come back as it was sent.");
            }
        }

        private static (Drawing, NDrawing) Sample()
        {
            var amber = new Drawing { Title = "floor plan, level 2", Price = new Money(1249.99m, "EUR") };
            var native = new NDrawing { Title = amber.Title, Price = new NMoney(1249.99m, "EUR") };
            for (int i = 0; i < 10; i++)
            {
                if (i % 2 == 0)
                {
                    amber.Shapes.Add(new Circle { Name = "column " + i, Radius = 0.25 * i });
                    native.Shapes.Add(new NCircle { Name = "column " + i, Radius = 0.25 * i });
                }
                else
                {
                    amber.Shapes.Add(new Rectangle { Name = "room " + i, Width = 3.5 + i, Height = 4 });
                    native.Shapes.Add(new NRectangle { Name = "room " + i, Width = 3.5 + i, Height = 4 });
                }
            }
            for (int i = 0; i < 8; i++)
            {
                amber.Anchors["a" + i] = new Point { X = i * 10, Y = -i };
                native.Anchors["a" + i] = new NPoint { X = i * 10, Y = -i };
            }
            return (amber, native);
        }
    }
}
