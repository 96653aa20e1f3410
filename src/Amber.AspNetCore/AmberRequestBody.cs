using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Amber.AspNetCore
{
    /// <summary>
    /// Reads a whole request body from <see cref="HttpRequest.BodyReader"/> and hands its segments to Amber in place: no
    /// copy into one array. The server's own limit (<c>IHttpMaxRequestBodySizeFeature</c>) stops the read first with its
    /// 413; <see cref="AmberOptions.MaxInputBytes"/> is checked here, before any byte is decoded, with a 413 as well.
    /// </summary>
    internal static class AmberRequestBody
    {
        public static bool IsAmber(string? contentType) =>
            contentType != null
            && MediaTypeHeaderValue.TryParse(contentType, out MediaTypeHeaderValue? parsed)
            && parsed.MediaType.Equals(AmberMediaTypes.Amber, StringComparison.OrdinalIgnoreCase);

        /// <summary>Reads the body to its end and deserializes it as <paramref name="type"/>; throws the <see cref="AmberException"/> of a bad body.</summary>
        public static async ValueTask<object?> ReadAsync(HttpRequest request, Type type, AmberOptions options, CancellationToken cancellationToken)
        {
            PipeReader reader = request.BodyReader;
            ReadOnlySequence<byte> body = await ReadToEndAsync(request, reader, options.MaxInputBytes, cancellationToken).ConfigureAwait(false);
            try
            {
                return AmberSerializer.Deserialize(body, type, options);
            }
            finally
            {
                reader.AdvanceTo(body.End);
            }
        }

        /// <summary>Generic twin of <see cref="ReadAsync"/>, for callers that have T.</summary>
        public static async ValueTask<T?> ReadAsync<T>(HttpRequest request, AmberOptions options, CancellationToken cancellationToken)
        {
            PipeReader reader = request.BodyReader;
            ReadOnlySequence<byte> body = await ReadToEndAsync(request, reader, options.MaxInputBytes, cancellationToken).ConfigureAwait(false);
            try
            {
                return AmberSerializer.Deserialize<T>(body, options);
            }
            finally
            {
                reader.AdvanceTo(body.End);
            }
        }

        /// <summary>Buffers the body in the pipe (examining everything, consuming nothing) until the client has sent it all.</summary>
        private static async ValueTask<ReadOnlySequence<byte>> ReadToEndAsync(HttpRequest request, PipeReader reader, long maxBytes, CancellationToken cancellationToken)
        {
            if (request.ContentLength > maxBytes) ThrowTooLarge(request.ContentLength.Value, maxBytes);
            while (true)
            {
                ReadResult result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                ReadOnlySequence<byte> buffer = result.Buffer;
                if (buffer.Length > maxBytes)
                {
                    reader.AdvanceTo(buffer.End);
                    ThrowTooLarge(buffer.Length, maxBytes);
                }
                if (result.IsCompleted) return buffer;
                if (result.IsCanceled) throw new OperationCanceledException(cancellationToken);
                reader.AdvanceTo(buffer.Start, buffer.End);
            }
        }

        private static void ThrowTooLarge(long length, long maxBytes) =>
            throw new BadHttpRequestException(
                $"The Amber request body has {length} bytes, more than AmberOptions.MaxInputBytes ({maxBytes}).",
                StatusCodes.Status413PayloadTooLarge);
    }
}
