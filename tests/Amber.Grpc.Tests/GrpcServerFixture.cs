using System;
using System.Threading.Tasks;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>
    /// A real Grpc.AspNetCore.Server pipeline on ASP.NET Core's in-memory TestServer, and a Grpc.Net.Client
    /// channel whose HTTP handler talks to it: every byte goes through gRPC's framing, as over a socket.
    /// </summary>
    public sealed class GrpcServerFixture : IAsyncLifetime
    {
        private WebApplication? _app;
        private GrpcChannel? _channel;

        public CallInvoker Invoker => (_channel ?? throw new InvalidOperationException("Not started.")).CreateCallInvoker();

        public async Task InitializeAsync()
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder();
            builder.WebHost.UseTestServer();
            builder.Logging.ClearProviders();
            builder.Services.AddGrpc();
            builder.Services.AddSingleton<IServiceMethodProvider<TestService>, TestMethodProvider>();
            _app = builder.Build();
            _app.MapGrpcService<TestService>();
            await _app.StartAsync();

            TestServer server = _app.GetTestServer();
            _channel = GrpcChannel.ForAddress(server.BaseAddress, new GrpcChannelOptions { HttpHandler = server.CreateHandler() });
        }

        public async Task DisposeAsync()
        {
            _channel?.Dispose();
            if (_app != null) await _app.DisposeAsync();
        }
    }

    [CollectionDefinition(Name)]
    public sealed class GrpcServerCollection : ICollectionFixture<GrpcServerFixture>
    {
        public const string Name = "gRPC server";
    }
}
