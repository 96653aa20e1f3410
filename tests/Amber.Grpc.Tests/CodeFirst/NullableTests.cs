using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    public enum Mood
    {
        Calm,
        Glad = 2,
        Cross = 7,
    }

    public record struct Spot(int X, double Y);

    /// <summary>Nullable value types as a contract's parameters (alone, and packed with others), results and stream items.</summary>
    public interface INullables
    {
        Task<int?> Half(int? value);

        Task<decimal?> Price(decimal? value);

        ValueTask<DateTime?> Time(DateTime? value);

        Task<Guid?> Id(Guid? value);

        Task<Mood?> Mood(Mood? value);

        Task<Spot?> Spot(Spot? value);

        Task<string> Describe(string name, int? count, Spot? spot, Mood? mood, bool? flag);

        IAsyncEnumerable<long?> Longs(int count);

        Task<string> Doubles(IAsyncEnumerable<double?> values);
    }

    public sealed class NullablesService : INullables
    {
        public Task<int?> Half(int? value) => Task.FromResult(value / 2);

        public Task<decimal?> Price(decimal? value) => Task.FromResult(value);

        public ValueTask<DateTime?> Time(DateTime? value) => new ValueTask<DateTime?>(value);

        public Task<Guid?> Id(Guid? value) => Task.FromResult(value);

        public Task<Mood?> Mood(Mood? value) => Task.FromResult(value);

        public Task<Spot?> Spot(Spot? value) => Task.FromResult(value);

        public Task<string> Describe(string name, int? count, Spot? spot, Mood? mood, bool? flag) =>
            Task.FromResult(name + ": " + Show(count) + " " + Show(spot) + " " + Show(mood) + " " + Show(flag));

        public async IAsyncEnumerable<long?> Longs(int count)
        {
            for (int i = 0; i < count; i++)
            {
                await Task.Yield();
                yield return i % 3 == 0 ? 42L * i : i % 3 == 1 ? 0L : null;
            }
        }

        public async Task<string> Doubles(IAsyncEnumerable<double?> values)
        {
            var seen = new List<string>();
            await foreach (double? v in values) seen.Add(Show(v));
            return string.Join(",", seen);
        }

        internal static string Show(object? value) => value == null ? "null" : Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture)!;
    }

    /// <summary>
    /// Nullable value types through a real gRPC server and client: a value, the default (0 is not null) and null, as
    /// parameters, results and stream items.
    /// </summary>
    [Collection(CodeFirstCollection.Name)]
    public class NullableTests
    {
        private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);
        private readonly CodeFirstFixture _fixture;

        public NullableTests(CodeFirstFixture fixture) => _fixture = fixture;

        private INullables Client => _fixture.Current.CreateAmberClient<INullables>();

        private static async Task Check<T>(Func<T?, Task<T?>> call, T value) where T : struct
        {
            foreach (T? sent in new T?[] { value, default(T), null })
                Assert.Equal(sent, await call(sent).WaitAsync(Timeout));
        }

        [Fact]
        public async Task Nullable_scalars_come_back_as_sent()
        {
            Assert.Equal(21, await Client.Half(42).WaitAsync(Timeout));
            Assert.Equal(0, await Client.Half(0).WaitAsync(Timeout));
            Assert.Null(await Client.Half(null).WaitAsync(Timeout));
            await Check<decimal>(Client.Price, 12.345m);
            await Check<DateTime>(v => Client.Time(v).AsTask(), new DateTime(2026, 11, 28, 17, 30, 5, DateTimeKind.Utc));
            await Check<Guid>(Client.Id, new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"));
        }

        [Fact]
        public async Task A_nullable_enum_and_struct_of_the_application_come_back_as_sent()
        {
            await Check<Mood>(Client.Mood, CodeFirst.Mood.Cross);
            await Check<Spot>(Client.Spot, new Spot(3, -1.5));
        }

        [Fact]
        public async Task Nullable_parameters_packed_with_others_reach_the_service()
        {
            Assert.Equal("a: 7 Spot { X = 1, Y = 2 } Glad True", await Client.Describe("a", 7, new Spot(1, 2), CodeFirst.Mood.Glad, true).WaitAsync(Timeout));
            Assert.Equal("b: 0 Spot { X = 0, Y = 0 } Calm False", await Client.Describe("b", 0, default(Spot), CodeFirst.Mood.Calm, false).WaitAsync(Timeout));
            Assert.Equal("c: null null null null", await Client.Describe("c", null, null, null, null).WaitAsync(Timeout));
        }

        [Fact]
        public async Task Nullable_stream_items_travel_both_ways()
        {
            var longs = new List<long?>();
            using var cts = new CancellationTokenSource(Timeout);
            await foreach (long? v in Client.Longs(6).WithCancellation(cts.Token)) longs.Add(v);
            Assert.Equal(new long?[] { 0, 0, null, 126, 0, null }, longs);

            Assert.Equal("2.5,0,null", await Client.Doubles(Doubles()).WaitAsync(Timeout));
        }

        private static async IAsyncEnumerable<double?> Doubles([EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            foreach (double? v in new double?[] { 2.5, 0, null })
            {
                await Task.Yield();
                yield return v;
            }
        }
    }
}
