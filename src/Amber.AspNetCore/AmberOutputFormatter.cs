using System;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace Amber.AspNetCore
{
    /// <summary>
    /// Writes an MVC action's result as one <c>application/x-amber</c> payload, straight into the response's pipe
    /// (<see cref="HttpResponse.BodyWriter"/>). Chosen by content negotiation when the client's <c>Accept</c> names
    /// <see cref="AmberMediaTypes.Amber"/> and Amber has a formatter for the result's type.
    /// </summary>
    public sealed class AmberOutputFormatter : OutputFormatter
    {
        private readonly AmberOptions _options;

        /// <summary>A formatter for <see cref="AmberMediaTypes.Amber"/> that encodes with <paramref name="options"/> (<see cref="AmberOptions.Default"/> if null).</summary>
        public AmberOutputFormatter(AmberOptions? options = null)
        {
            _options = AmberSupport.Options(options);
            SupportedMediaTypes.Add(AmberMediaTypes.Amber);
        }

        /// <summary>True for the types Amber has a formatter for: those the generator wrote one for, and those registered by hand.</summary>
        protected override bool CanWriteType(Type? type) => type != null && AmberFormatterRegistry.IsRegistered(type);

        /// <inheritdoc />
        public override async Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
        {
            if (context == null) throw new ArgumentNullException(nameof(context));
            Type type = context.ObjectType ?? context.Object?.GetType() ?? typeof(object);
            HttpResponse response = context.HttpContext.Response;
            AmberSerializer.Serialize(response.BodyWriter, context.Object, type, _options);
            await response.BodyWriter.FlushAsync(context.HttpContext.RequestAborted).ConfigureAwait(false);
        }
    }
}
