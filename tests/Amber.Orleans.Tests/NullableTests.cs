using System;
using System.Threading.Tasks;
using Orleans;
using Xunit;

namespace Amber.Orleans.Tests
{
    public enum Mood
    {
        Calm,
        Glad = 2,
        Cross = 7,
    }

    /// <summary>A struct of the application, declared nullable at a grain method.</summary>
    public record struct Spot(int X, double Y);

    public interface INullableGrain : IGrainWithStringKey
    {
        Task<int?> Int(int? value);

        Task<long?> Long(long? value);

        Task<bool?> Bool(bool? value);

        Task<double?> Double(double? value);

        Task<decimal?> Decimal(decimal? value);

        Task<DateTime?> Time(DateTime? value);

        Task<Guid?> Id(Guid? value);

        Task<Mood?> Mood(Mood? value);

        Task<Spot?> Spot(Spot? value);

        /// <summary>A nullable value among others, and what the grain saw of it.</summary>
        Task<string> Describe(string name, int? count, Spot? spot, Mood? mood);
    }

    public sealed class NullableGrain : Grain, INullableGrain
    {
        public Task<int?> Int(int? value) => Task.FromResult(value);

        public Task<long?> Long(long? value) => Task.FromResult(value);

        public Task<bool?> Bool(bool? value) => Task.FromResult(value);

        public Task<double?> Double(double? value) => Task.FromResult(value);

        public Task<decimal?> Decimal(decimal? value) => Task.FromResult(value);

        public Task<DateTime?> Time(DateTime? value) => Task.FromResult(value);

        public Task<Guid?> Id(Guid? value) => Task.FromResult(value);

        public Task<Mood?> Mood(Mood? value) => Task.FromResult(value);

        public Task<Spot?> Spot(Spot? value) => Task.FromResult(value);

        public Task<string> Describe(string name, int? count, Spot? spot, Mood? mood) =>
            Task.FromResult(name + ": " + (count?.ToString() ?? "null") + " " + (spot?.ToString() ?? "null") + " " + (mood?.ToString() ?? "null"));
    }

    /// <summary>
    /// Nullable value types as grain arguments and results, client to silo and back: a value, the default (0 is not
    /// null) and null. Orleans carries Nullable itself and hands its T to the codec that serves T (Amber's, for a
    /// struct or enum of the application), so the generator must serve the T of a T? a grain method declares.
    /// </summary>
    [Collection(ClusterCollection.Name)]
    public sealed class NullableTests
    {
        private readonly ClusterFixture _fixture;

        public NullableTests(ClusterFixture fixture) => _fixture = fixture;

        private INullableGrain Grain => _fixture.Cluster.Client.GetGrain<INullableGrain>("n");

        private static async Task Check<T>(Func<T?, Task<T?>> call, T value) where T : struct
        {
            foreach (T? sent in new T?[] { value, default(T), null })
                Assert.Equal(sent, await call(sent).WaitAsync(ClusterFixture.Timeout));
        }

        [Fact]
        public async Task Nullable_scalars_come_back_as_sent()
        {
            await Check<int>(Grain.Int, 42);
            await Check<long>(Grain.Long, -5_000_000_000L);
            await Check<bool>(Grain.Bool, true);
            await Check<double>(Grain.Double, -2.25);
            await Check<decimal>(Grain.Decimal, 12.345m);
            await Check<DateTime>(Grain.Time, new DateTime(2026, 11, 28, 17, 30, 5, DateTimeKind.Utc));
            await Check<Guid>(Grain.Id, new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"));
        }

        [Fact]
        public async Task A_nullable_enum_of_the_application_comes_back_as_sent()
        {
            await Check<Mood>(Grain.Mood, Tests.Mood.Cross);
        }

        [Fact]
        public async Task A_nullable_struct_of_the_application_comes_back_as_sent()
        {
            await Check<Spot>(Grain.Spot, new Spot(3, -1.5));
        }

        [Fact]
        public async Task Nullable_arguments_among_others_reach_the_grain()
        {
            Assert.Equal("a: 0 Spot { X = 0, Y = 0 } Calm", await Grain.Describe("a", 0, default(Spot), Tests.Mood.Calm).WaitAsync(ClusterFixture.Timeout));
            Assert.Equal("b: null null null", await Grain.Describe("b", null, null, null).WaitAsync(ClusterFixture.Timeout));
        }
    }
}
