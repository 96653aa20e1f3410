using System;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Amber.AspNetCore
{
    /// <summary>
    /// A minimal-API parameter that binds the request body as an Amber payload of <typeparamref name="T"/>:
    /// <c>app.MapPost("/orders", (AmberBody&lt;Order&gt; order) => …)</c>. The request must say
    /// <c>Content-Type: application/x-amber</c> (415 otherwise); the body is read from the request's pipe and decoded
    /// from its segments in place, within the server's size limit and the <see cref="AmberOptions"/> set with
    /// <c>services.AddAmber(…)</c>. A body Amber rejects gives a 400 (a <see cref="BadHttpRequestException"/> carrying
    /// the <see cref="AmberException"/>'s message and, as its inner exception, the exception itself); an oversize one a 413.
    /// <typeparamref name="T"/> is marked <see cref="AmberRootAttribute"/>: writing <c>AmberBody&lt;Order&gt;</c> makes Order a root
    /// for the Amber generator, with no <c>[assembly: AmberSerializable]</c>. A <typeparamref name="T"/> Amber has no formatter for
    /// fails when the endpoint is built, with an <see cref="AmberException"/> that names the fix.
    /// </summary>
    public sealed class AmberBody<[AmberRoot] T> : IEndpointParameterMetadataProvider
    {
        /// <summary>Wraps a value (binding makes these; tests and callers of handlers may too).</summary>
        public AmberBody(T value) => Value = value;

        /// <summary>The decoded body. Null only when the payload itself holds null.</summary>
        public T Value { get; }

        /// <summary>The decoded body.</summary>
        public static implicit operator T(AmberBody<T> body) => body == null ? throw new ArgumentNullException(nameof(body)) : body.Value;

        /// <summary>Called by minimal APIs to bind the parameter; see the type's summary for what it accepts and refuses.</summary>
        [SuppressMessage("Design", "CA1000:Do not declare static members on generic types", Justification = "Minimal APIs bind a parameter through its type's static BindAsync.")]
        public static async ValueTask<AmberBody<T>?> BindAsync(HttpContext context, ParameterInfo parameter)
        {
            if (context == null) throw new ArgumentNullException(nameof(context));
            HttpRequest request = context.Request;
            if (!AmberRequestBody.IsAmber(request.ContentType))
            {
                throw new BadHttpRequestException(
                    $"The request body is bound as Amber, so its Content-Type must be {AmberMediaTypes.Amber}, not '{request.ContentType}'.",
                    StatusCodes.Status415UnsupportedMediaType);
            }
            AmberOptions options = AmberSupport.Options(null, context.RequestServices.GetService<IOptions<AmberHttpOptions>>()?.Value.SerializerOptions);
            try
            {
                T? value = await AmberRequestBody.ReadAsync<T>(request, options, context.RequestAborted).ConfigureAwait(false);
                return new AmberBody<T>(value!);
            }
            catch (AmberException ex)
            {
                throw new BadHttpRequestException(ex.Message, StatusCodes.Status400BadRequest, ex);
            }
        }

        /// <summary>Describes the parameter (Amber's media type, <typeparamref name="T"/>) when the endpoint is built, and checks there that Amber has a formatter for <typeparamref name="T"/>.</summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        static void IEndpointParameterMetadataProvider.PopulateMetadata(ParameterInfo parameter, EndpointBuilder builder)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            AmberSupport.Require<T>();
            builder.Metadata.Add(new AcceptsMetadata(new[] { AmberMediaTypes.Amber }, typeof(T)));
        }
    }
}
