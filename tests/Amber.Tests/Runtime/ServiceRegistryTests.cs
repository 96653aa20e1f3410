using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using Amber.Services;
using Xunit;

namespace Amber.Tests.Runtime
{
    /// <summary>A contract the tests name at <see cref="AmberServices.CreateClient{TContract}"/>: the generator writes its service in this project's build.</summary>
    public interface ILedger
    {
        Task<long> Credit(string account, long cents);

        Task<LedgerEntry> Last(LedgerQuery query);
    }

    public sealed class LedgerQuery
    {
        public string Account { get; set; } = "";
    }

    public sealed class LedgerEntry
    {
        public long Cents { get; set; }
    }

    /// <summary>An interface no call names and nothing marks: the generator writes no service for it.</summary>
    public interface INeverNamed
    {
        Task<int> Nothing();
    }

    /// <summary>
    /// The registry of generated services (<see cref="AmberServices"/>), and the generated client as a real build
    /// compiles it: each call reaches the transport's invoker with its method and the request as it travels.
    /// </summary>
    public class ServiceRegistryTests
    {
        [Fact]
        public async Task The_generated_client_hands_each_call_to_the_invoker_as_it_travels()
        {
            var invoker = new RecordingInvoker();
            ILedger client = AmberServices.CreateClient<ILedger>(invoker);

            Assert.Equal(1250L, await client.Credit("acme", 1250));
            Assert.Equal(7L, (await client.Last(new LedgerQuery { Account = "acme" })).Cents);

            Assert.Equal(new[] { "/Amber.Tests.Runtime.Ledger/Credit Unary", "/Amber.Tests.Runtime.Ledger/Last Unary" }, invoker.Calls);
            AmberService service = AmberServices.Get(typeof(ILedger));
            Assert.Equal("Amber.Tests.Runtime.Ledger", service.Name);
            Assert.Equal(typeof(LedgerQuery), service.Methods[1].RequestType);
            Assert.Equal(typeof(LedgerEntry), service.Methods[1].ResponseType);
            Assert.Equal("Credit_Request", service.Methods[0].RequestType.Name);
        }

        [Fact]
        public void A_contract_without_a_generated_service_fails_with_the_way_to_get_one()
        {
            // (CreateClient<INeverNamed>() written here would itself name it, and the generator would write its service.)
            AmberException e = Assert.Throws<AmberException>(() => AmberServices.Get(typeof(INeverNamed)));
            Assert.Contains("no generated service for 'Amber.Tests.Runtime.INeverNamed'", e.Message);
            Assert.Contains("[AmberService]", e.Message);
            Assert.False(AmberServices.TryGet(typeof(INeverNamed), out _));

            AmberException notInterface = Assert.Throws<AmberException>(() => AmberServices.Get(typeof(LedgerEntry)));
            Assert.Contains("is an interface", notInterface.Message);
        }

        [Fact]
        public void An_implementation_is_matched_to_the_contracts_it_implements()
        {
            IReadOnlyList<AmberService> found = AmberServices.ImplementedBy(typeof(Ledger));
            AmberService only = Assert.Single(found);
            Assert.Equal(typeof(ILedger), only.Contract);
            Assert.Empty(AmberServices.ImplementedBy(typeof(LedgerEntry)));
        }

        private sealed class Ledger : ILedger
        {
            public Task<long> Credit(string account, long cents) => Task.FromResult(cents);

            public Task<LedgerEntry> Last(LedgerQuery query) => Task.FromResult(new LedgerEntry());
        }

        /// <summary>Answers each call from its request after a real write and read, and records the method.</summary>
        private sealed class RecordingInvoker : IAmberServiceInvoker
        {
            public List<string> Calls { get; } = new List<string>();

            public Task<TResponse> UnaryAsync<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
                where TRequest : class
                where TResponse : class
            {
                Calls.Add(method + " " + method.Kind);
                TRequest travelled = AmberSerializer.Deserialize<TRequest>(AmberSerializer.Serialize(request))!;
                // The ledger's own answer, built by the service's binding on a real implementation.
                var binder = new OneCall<TRequest, TResponse>(method.Name, travelled);
                AmberServices.Get(typeof(ILedger)).Bind(binder);
                return binder.Result!;
            }

            public IAsyncEnumerable<TResponse> ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, TRequest request, AmberCallContext context)
                where TRequest : class
                where TResponse : class => throw new NotSupportedException();

            public Task<TResponse> ClientStreamingAsync<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
                where TRequest : class
                where TResponse : class => throw new NotSupportedException();

            public IAsyncEnumerable<TResponse> DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, IAsyncEnumerable<TRequest> requests, AmberCallContext context)
                where TRequest : class
                where TResponse : class => throw new NotSupportedException();
        }

        /// <summary>A binder that calls one method's handler on a fresh implementation that answers 7 cents for Last.</summary>
        private sealed class OneCall<TReq, TRes> : IAmberServiceBinder
            where TReq : class
            where TRes : class
        {
            private readonly string _name;
            private readonly TReq _request;

            public OneCall(string name, TReq request)
            {
                _name = name;
                _request = request;
            }

            public Task<TRes>? Result { get; private set; }

            public void Unary<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, Task<TResponse>> handler)
                where TRequest : class
                where TResponse : class
            {
                if (method.Name != _name) return;
                Result = (Task<TRes>)(object)handler(new SevenCents(), (TRequest)(object)_request, default);
            }

            public void ServerStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, TRequest, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
                where TRequest : class
                where TResponse : class
            { }

            public void ClientStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, Task<TResponse>> handler)
                where TRequest : class
                where TResponse : class
            { }

            public void DuplexStreaming<TRequest, TResponse>(AmberServiceMethod method, Func<object, IAsyncEnumerable<TRequest>, AmberCallContext, IAsyncEnumerable<TResponse>> handler)
                where TRequest : class
                where TResponse : class
            { }
        }

        private sealed class SevenCents : ILedger
        {
            public Task<long> Credit(string account, long cents) => Task.FromResult(cents);

            public Task<LedgerEntry> Last(LedgerQuery query) => Task.FromResult(new LedgerEntry { Cents = query.Account == "acme" ? 7 : 0 });
        }
    }
}
