using System.Buffers;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Grpc.AspNetCore.Server.Model;
using Grpc.Core;

namespace Amber.Grpc.Tests
{
    /// <summary>The service instance gRPC creates per call; the handlers below are static and ignore it.</summary>
    public sealed class TestService
    {
    }

    /// <summary>
    /// Registers the code-first methods, with no .proto and no generated base class: the way a user of
    /// Amber.Grpc binds a service on Grpc.AspNetCore.Server.
    /// </summary>
    public sealed class TestMethodProvider : IServiceMethodProvider<TestService>
    {
        private static readonly List<object> NoMetadata = new List<object>();

        public void OnServiceMethodDiscovery(ServiceMethodProviderContext<TestService> context)
        {
            context.AddUnaryMethod(Api.Echo, NoMetadata, (service, request, call) => Task.FromResult(Seen(request)));
            context.AddUnaryMethod(Api.EchoStrict, NoMetadata, (service, request, call) => Task.FromResult(Seen(request)));
            context.AddServerStreamingMethod(Api.Count, NoMetadata, CountAsync);
            context.AddUnaryMethod(MeasureWithProbe, NoMetadata, (service, blob, call) => Task.FromResult(new BlobReport
            {
                ArrivedInSegments = Volatile.Read(ref s_lastBlobInSegments),
                PayloadBytes = Volatile.Read(ref s_lastBlobBytes),
                Echo = blob,
            }));
            context.AddUnaryMethod(GarbageReply, NoMetadata, (service, ping, call) => Task.FromResult(new byte[] { 0xFF, 0xFE, 0xFD, 0xFC, 0xFB }));
            context.AddUnaryMethod(Api.GreetV2, NoMetadata, (service, person, call) => Task.FromResult(new PersonV2
            {
                Name = "Hello, " + person.Name,
                Age = person.Age,
                Email = person.Email ?? person.Name.ToLowerInvariant() + "@example.org",
            }));
            context.AddUnaryMethod(Api.OlderV1, NoMetadata, (service, person, call) => Task.FromResult(new PersonV1
            {
                Name = person.Name,
                Age = person.Age + 1,
            }));
        }

        private static Catalog Seen(Catalog request)
        {
            request.Name += " (seen)";
            return request;
        }

        private static async Task CountAsync(TestService service, CountRequest request, IServerStreamWriter<Item> stream, ServerCallContext call)
        {
            for (int i = 0; i < request.Count; i++)
                await stream.WriteAsync(new Item { Index = i, Text = request.Prefix + i });
        }

        // Measure as the server declares it: Amber's request marshaller behind a probe that records the
        // shape of the payload gRPC hands it. Only one test calls Measure, so a static is enough.
        private static bool s_lastBlobInSegments;
        private static long s_lastBlobBytes;

        private static readonly Method<Blob, BlobReport> MeasureWithProbe = new Method<Blob, BlobReport>(
            MethodType.Unary, Api.Measure.ServiceName, Api.Measure.Name,
            Marshallers.Create<Blob>(Api.Measure.RequestMarshaller.ContextualSerializer, context =>
            {
                ReadOnlySequence<byte> payload = context.PayloadAsReadOnlySequence();
                Volatile.Write(ref s_lastBlobInSegments, !payload.IsSingleSegment);
                Volatile.Write(ref s_lastBlobBytes, payload.Length);
                return Api.Measure.RequestMarshaller.ContextualDeserializer(context);
            }),
            Api.Measure.ResponseMarshaller);

        private static readonly Method<Ping, byte[]> GarbageReply = new Method<Ping, byte[]>(
            MethodType.Unary, Api.Garbage.ServiceName, Api.Garbage.Name, Api.Garbage.RequestMarshaller, Api.RawBytes);
    }
}
