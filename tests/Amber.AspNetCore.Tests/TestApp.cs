using System;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Amber.AspNetCore.Tests.Server;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Amber.AspNetCore.Tests
{
    [ApiController]
    [Route("mvc/orders")]
    public sealed class OrdersController : ControllerBase
    {
        [HttpPost]
        public ActionResult<Receipt> Post([FromBody] Order order) =>
            new Receipt { Item = order.Item, Total = order.Quantity * 3, LineCount = order.Lines.Count, Note = order.Note ?? "(none)" };
    }

    /// <summary>
    /// A real web application on Kestrel at a free loopback port, in this process: MVC with the Amber formatters beside
    /// JSON, and a minimal-API endpoint binding <see cref="AmberBody{T}"/> and answering with <see cref="AmberResults"/>.
    /// </summary>
    public sealed class TestApp : IAsyncDisposable
    {
        public const long MaxRequestBodySize = 16 * 1024;

        private readonly WebApplication _app;

        private TestApp(WebApplication app, HttpClient client)
        {
            _app = app;
            Client = client;
        }

        public HttpClient Client { get; }

        public IServiceProvider Services => _app.Services;

        public static async Task<TestApp> StartAsync(AmberOptions? amberOptions = null)
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder(new WebApplicationOptions { EnvironmentName = Environments.Production });
            builder.Logging.ClearProviders();
            builder.WebHost.UseKestrel(k => k.Limits.MaxRequestBodySize = MaxRequestBodySize).UseUrls("http://127.0.0.1:0");
            builder.Services.AddControllers().AddApplicationPart(typeof(OrdersController).Assembly).AddAmberFormatters(amberOptions);
            if (amberOptions != null) builder.Services.AddAmber(amberOptions);

            WebApplication app = builder.Build();
            app.MapControllers();
            app.MapPost("/min/half", (AmberBody<int?> value) => AmberResults.Amber(value.Value / 2));
            app.MapPost("/min/ping", (AmberBody<Ping> ping) => AmberResults.Amber(new Pong { Echo = ping.Value.Text, Length = ping.Value.Text.Length }, StatusCodes201));
            await app.StartAsync();

            string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
            return new TestApp(app, new HttpClient { BaseAddress = new Uri(address) });
        }

        private const int StatusCodes201 = 201;

        public async ValueTask DisposeAsync()
        {
            Client.Dispose();
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}
