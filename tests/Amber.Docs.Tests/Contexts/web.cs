// context=web: code of a web project (dotnet new web): the Web SDK's implicit usings, and the builder and app of its
// Program.cs. Nothing here may stand in for a using a snippet shows: a using the Web SDK does not add is the snippet's.
global using global::System.Net.Http.Json;
global using global::Microsoft.AspNetCore.Builder;
global using global::Microsoft.AspNetCore.Hosting;
global using global::Microsoft.AspNetCore.Http;
global using global::Microsoft.AspNetCore.Routing;
global using global::Microsoft.Extensions.Configuration;
global using global::Microsoft.Extensions.DependencyInjection;
global using global::Microsoft.Extensions.Hosting;
global using global::Microsoft.Extensions.Logging;
global using static WebContext;

public static class WebContext
{
    public static readonly WebApplicationBuilder builder = WebApplication.CreateBuilder();
    public static readonly WebApplication app = builder.Build();
}
