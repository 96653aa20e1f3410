using System;
using System.Threading.Tasks;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.TestHost;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Amber.Grpc.Tests.CodeFirst
{
    /// <summary>
    /// Two real Grpc.AspNetCore.Server applications on TestServer, each serving contracts mapped with
    /// MapAmberGrpcService, and a Grpc.Net.Client channel to each: the current one (the calculator, the greeter's
    /// second version) and an older deployment (the greeter's first version).
    /// </summary>
    public sealed class CodeFirstFixture : IAsyncLifetime
    {
        private WebApplication? _current;
        private WebApplication? _old;

        public GrpcChannel Current { get; private set; } = null!;

        public GrpcChannel Old { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            (_current, Current) = await StartAsync(app =>
            {
                app.MapAmberGrpcService<CalculatorService>();
                app.MapAmberGrpcService<GreeterV2Service>();
                app.MapAmberGrpcService<NullablesService>();
            });
            (_old, Old) = await StartAsync(app => app.MapAmberGrpcService<GreeterV1Service>());
        }

        private static async Task<(WebApplication, GrpcChannel)> StartAsync(Action<WebApplication> map)
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder();
            builder.WebHost.UseTestServer();
            builder.Logging.ClearProviders();
            builder.Services.AddAmberGrpc();
            WebApplication app = builder.Build();
            map(app);
            await app.StartAsync().WaitAsync(TimeSpan.FromSeconds(30));
            TestServer server = app.GetTestServer();
            return (app, GrpcChannel.ForAddress(server.BaseAddress, new GrpcChannelOptions { HttpHandler = server.CreateHandler() }));
        }

        public async Task DisposeAsync()
        {
            Current?.Dispose();
            Old?.Dispose();
            if (_current != null) await _current.DisposeAsync();
            if (_old != null) await _old.DisposeAsync();
        }
    }

    [CollectionDefinition(Name)]
    public sealed class CodeFirstCollection : ICollectionFixture<CodeFirstFixture>
    {
        public const string Name = "Code-first gRPC servers";
    }
}
