using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.SignalR;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// Every place a hub meets a value of a nullable value type, for one T (mapped at /nullable/{T} for each type of
    /// <see cref="NullableSamples"/>): a parameter, a result, async results, stream items both ways, a message to the
    /// client and a client result.
    /// </summary>
    public sealed class NullableHub<T> : Hub where T : struct
    {
        public string Take(T? value) => NullableSamples.Describe(value);

        public T? Give(string which) => NullableSamples.Pick<T>(which);

        public async Task<T?> GiveLater(string which)
        {
            await Task.Yield();
            return NullableSamples.Pick<T>(which);
        }

        public async IAsyncEnumerable<T?> Items()
        {
            foreach (string which in NullableSamples.Cases)
            {
                await Task.Yield();
                yield return NullableSamples.Pick<T>(which);
            }
        }

        public async Task<string> Upload(IAsyncEnumerable<T?> items)
        {
            var seen = new List<object?>();
            await foreach (T? item in items) seen.Add(item);
            return NullableSamples.DescribeAll(seen);
        }

        public Task Tell(string which) => Clients.Caller.SendAsync("Told", NullableSamples.Pick<T>(which));

        /// <summary>A client result: the server awaits the client's T? (needs MaximumParallelInvocationsPerClient above 1).</summary>
        public async Task<string> Ask(string which) =>
            NullableSamples.Describe(await Clients.Caller.InvokeAsync<T?>("Answer", which, CancellationToken.None));
    }
}
