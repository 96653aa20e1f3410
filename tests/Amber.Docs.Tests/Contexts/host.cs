// context=host: code of a worker or console host (dotnet new worker): the Worker SDK's implicit usings, and the
// builder of its Program.cs with its services.
global using global::Microsoft.Extensions.Configuration;
global using global::Microsoft.Extensions.DependencyInjection;
global using global::Microsoft.Extensions.Hosting;
global using global::Microsoft.Extensions.Logging;
global using static HostContext;

public static class HostContext
{
    public static readonly HostApplicationBuilder builder = Host.CreateApplicationBuilder();
    public static readonly IServiceCollection services = builder.Services;
}
