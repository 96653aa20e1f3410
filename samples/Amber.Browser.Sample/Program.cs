using System;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace Amber.Browser.Sample
{
    /// <summary>The server: the page (wwwroot/) at <c>/</c>, the board's WebSocket at <c>/board</c>.</summary>
    public static class Program
    {
        /// <summary>Runs until stopped; <c>--urls http://127.0.0.1:0</c> listens on a free port and logs which.</summary>
        public static Task Main(string[] args)
        {
            WebApplicationBuilder builder = WebApplication.CreateBuilder(args);
            builder.Services.AddSingleton<Board>();
            WebApplication app = builder.Build();
            app.UseDefaultFiles();
            app.UseStaticFiles();
            app.UseWebSockets(new WebSocketOptions { KeepAliveInterval = TimeSpan.FromSeconds(30) });
            app.Map("/board", (HttpContext context, Board board) => board.ServeAsync(context));
            return app.RunAsync();
        }
    }
}
