using System;
using System.Linq;
using System.Reflection;
using System.Net;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http.Connections;
using Microsoft.AspNetCore.SignalR.Client;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace Amber.SignalR.Tests
{
    /// <summary>A Kestrel server on a loopback port with <see cref="ShopHub"/> at /shop, speaking 'amber' (and JSON).</summary>
    public sealed class ShopServer : IAsyncLifetime
    {
        /// <summary>The bound on every wait for the server or a client.</summary>
        public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(15);

        private WebApplication? _app;

        public Uri HubUrl { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
            builder.WebHost.UseKestrel(k => k.Listen(IPAddress.Loopback, 0));
            builder.Logging.ClearProviders();
            // Detailed errors: the close message of a damaged frame carries the AmberException's text to the client.
            // Two invocations at once per client: a hub method that awaits a client result needs the client's answer to run.
            builder.Services.AddSignalR(o =>
            {
                o.EnableDetailedErrors = true;
                o.MaximumParallelInvocationsPerClient = 2;
            }).AddAmberProtocol();
            _app = builder.Build();
            _app.UseWebSockets();
            _app.MapHub<ShopHub>("/shop");
            _app.MapHub<ShopHub>("/shop-stateful", o => o.AllowStatefulReconnects = true);
            MapNullableHubs(_app);
            await _app.StartAsync().WaitAsync(Timeout);
            string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            HubUrl = new Uri(address.TrimEnd('/') + "/shop");
        }

        public HubConnection Client(HttpTransportType transport = HttpTransportType.WebSockets) => Client(HubUrl, transport);

        /// <summary>A client of the <see cref="NullableHub{T}"/> of one type.</summary>
        public HubConnection NullableClient(Type type) => Client(new Uri(HubUrl, "/nullable/" + NullableSamples.NameOf(type)), HttpTransportType.WebSockets);

        private static HubConnection Client(Uri url, HttpTransportType transport) =>
            new HubConnectionBuilder()
                .WithUrl(url, transport, o => o.SkipNegotiation = transport == HttpTransportType.WebSockets)
                .AddAmberProtocol()
                .Build();

        private static void MapNullableHubs(WebApplication app)
        {
            MethodInfo map = typeof(ShopServer).GetMethod(nameof(MapNullableHub), BindingFlags.NonPublic | BindingFlags.Static)!;
            foreach (Type type in NullableSamples.Values.Keys) map.MakeGenericMethod(type).Invoke(null, new object[] { app });
        }

        private static void MapNullableHub<T>(WebApplication app) where T : struct =>
            app.MapHub<NullableHub<T>>("/nullable/" + NullableSamples.NameOf(typeof(T)));

        public async Task DisposeAsync()
        {
            if (_app != null)
            {
                await _app.StopAsync().WaitAsync(Timeout);
                await _app.DisposeAsync();
            }
        }
    }
}
