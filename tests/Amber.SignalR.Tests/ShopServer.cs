using System;
using System.Linq;
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
            builder.Services.AddSignalR(o => o.EnableDetailedErrors = true).AddAmberProtocol();
            _app = builder.Build();
            _app.UseWebSockets();
            _app.MapHub<ShopHub>("/shop");
            _app.MapHub<ShopHub>("/shop-stateful", o => o.AllowStatefulReconnects = true);
            await _app.StartAsync().WaitAsync(Timeout);
            string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            HubUrl = new Uri(address.TrimEnd('/') + "/shop");
        }

        public HubConnection Client(HttpTransportType transport = HttpTransportType.WebSockets) =>
            new HubConnectionBuilder()
                .WithUrl(HubUrl, transport, o => o.SkipNegotiation = transport == HttpTransportType.WebSockets)
                .AddAmberProtocol()
                .Build();

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
