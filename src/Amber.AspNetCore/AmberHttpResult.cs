using System;
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
    /// A minimal-API result holding a value that it writes as one <c>application/x-amber</c> payload, straight into the
    /// response's pipe (<see cref="HttpResponse.BodyWriter"/>). Made by <see cref="AmberResults.Amber{T}"/>; as an endpoint's
    /// declared return type it also describes the response (200, <typeparamref name="T"/>, <c>application/x-amber</c>) to OpenAPI.
    /// </summary>
    public sealed class AmberHttpResult<[AmberRoot] T> : IResult, IStatusCodeHttpResult, IValueHttpResult, IValueHttpResult<T>, IContentTypeHttpResult, IEndpointMetadataProvider
    {
        private readonly AmberOptions? _options;

        internal AmberHttpResult(T value, int? statusCode, AmberOptions? options)
        {
            AmberSupport.Require<T>();
            Value = value;
            StatusCode = statusCode;
            _options = options;
        }

        /// <summary>The value written.</summary>
        public T Value { get; }

        object? IValueHttpResult.Value => Value;

        /// <summary>The status code written; 200 when null.</summary>
        public int? StatusCode { get; }

        /// <summary><see cref="AmberMediaTypes.Amber"/>.</summary>
        public string ContentType => AmberMediaTypes.Amber;

        /// <inheritdoc />
        public async Task ExecuteAsync(HttpContext httpContext)
        {
            if (httpContext == null) throw new ArgumentNullException(nameof(httpContext));
            AmberOptions options = AmberSupport.Options(_options, httpContext.RequestServices.GetService<IOptions<AmberHttpOptions>>()?.Value.SerializerOptions);
            HttpResponse response = httpContext.Response;
            response.StatusCode = StatusCode ?? StatusCodes.Status200OK;
            response.ContentType = AmberMediaTypes.Amber;
            AmberSerializer.Serialize(response.BodyWriter, Value, options);
            await response.BodyWriter.FlushAsync(httpContext.RequestAborted).ConfigureAwait(false);
        }

        /// <summary>Describes the response (200, <typeparamref name="T"/>, Amber's media type) when the endpoint is built, and checks there that Amber has a formatter for <typeparamref name="T"/>.</summary>
        /// <exception cref="AmberException">Amber has no formatter for <typeparamref name="T"/>; the message names the fix.</exception>
        static void IEndpointMetadataProvider.PopulateMetadata(MethodInfo method, EndpointBuilder builder)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            AmberSupport.Require<T>();
            builder.Metadata.Add(new ProducesResponseTypeMetadata(StatusCodes.Status200OK, typeof(T), new[] { AmberMediaTypes.Amber }));
        }
    }
}
