using System.Linq;
using System.Threading.Tasks;
using Grpc.Core;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>What a caller sees when a payload cannot be read or written: a status with Amber's message, no stack trace.</summary>
    [Collection(GrpcServerCollection.Name)]
    public sealed class ErrorTests
    {
        private readonly GrpcServerFixture _server;

        public ErrorTests(GrpcServerFixture server) => _server = server;

        /// <summary>Echo's path, with bytes sent as they are instead of through Amber.</summary>
        private static readonly Method<byte[], Catalog> RawEcho = new Method<byte[], Catalog>(
            MethodType.Unary, Api.Echo.ServiceName, Api.Echo.Name, Api.RawBytes, Api.Echo.ResponseMarshaller);

        private static void AssertNoStackTrace(string detail)
        {
            Assert.DoesNotContain(" at Amber.", detail);
            Assert.DoesNotContain("   at ", detail);
            Assert.DoesNotContain(".cs:line", detail);
        }

        [Fact]
        public async Task Bytes_that_are_no_Amber_payload_are_refused_as_InvalidArgument_with_what_went_wrong()
        {
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() =>
                _server.Invoker.AsyncUnaryCall(RawEcho, null, new CallOptions(), new byte[] { 0xFF, 0xFE, 0xFD, 0xFC, 0xFB }).ResponseAsync);

            Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
            Assert.StartsWith("Amber could not read the message: ", ex.Status.Detail);
            Assert.Contains("byte offset", ex.Status.Detail);
            AssertNoStackTrace(ex.Status.Detail);
        }

        [Fact]
        public async Task A_truncated_request_is_refused_with_the_offset_and_the_member_it_stopped_in()
        {
            byte[] whole = AmberSerializer.Serialize(RoundTripTests.SampleCatalog());
            byte[] cut = whole.Take(whole.Length / 2).ToArray();

            RpcException ex = await Assert.ThrowsAsync<RpcException>(() =>
                _server.Invoker.AsyncUnaryCall(RawEcho, null, new CallOptions(), cut).ResponseAsync);

            Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
            Assert.Contains("byte offset", ex.Status.Detail);
            Assert.Contains("Catalog", ex.Status.Detail);
            AssertNoStackTrace(ex.Status.Detail);
        }

        [Fact]
        public async Task The_options_limits_refuse_a_list_longer_than_MaxCollectionLength()
        {
            // Within the limit of 4 the strict method works, so the refusal below is the limit and nothing else.
            Catalog small = await _server.Invoker.AsyncUnaryCall(Api.EchoStrict, null, new CallOptions(), RoundTripTests.SampleCatalog(shelves: 4));
            Assert.Equal(4, small.Shelves.Count);

            // The client writes with the default options (writing checks no collection limit); the server reads with Strict.
            Method<Catalog, Catalog> lenientClient = AmberGrpc.Method<Catalog, Catalog>(MethodType.Unary, Api.Catalogs, Api.EchoStrict.Name);
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() =>
                _server.Invoker.AsyncUnaryCall(lenientClient, null, new CallOptions(), RoundTripTests.SampleCatalog(shelves: 50)).ResponseAsync);

            Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
            Assert.Contains("MaxCollectionLength", ex.Status.Detail);
            Assert.Contains("50", ex.Status.Detail);
            AssertNoStackTrace(ex.Status.Detail);
        }

        [Fact]
        public async Task A_response_that_is_no_Amber_payload_fails_the_client_with_Internal()
        {
            RpcException ex = await Assert.ThrowsAsync<RpcException>(() =>
                _server.Invoker.AsyncUnaryCall(Api.Garbage, null, new CallOptions(), new Ping { N = 1 }).ResponseAsync);

            Assert.Equal(StatusCode.Internal, ex.StatusCode);
            Assert.StartsWith("Amber could not read the message: ", ex.Status.Detail);
            AssertNoStackTrace(ex.Status.Detail);
        }

        [Fact]
        public void A_type_without_a_formatter_fails_when_its_method_is_made_and_the_message_names_the_marker()
        {
            // Generic code with an unmarked type parameter hides Unnamed from the generator, so no formatter exists.
            AmberException ex = Assert.ThrowsAny<AmberException>(() => Describe<Unnamed>("amber.test.Nowhere", "Call"));
            Assert.Contains("'Amber.Grpc.Tests.Unnamed'", ex.Message);
            Assert.Contains("[AmberRoot]", ex.Message);
            Assert.Contains("AmberSerializable(typeof(Unnamed))", ex.Message);

            Assert.ThrowsAny<AmberException>(() => MarshallerOf<Unnamed>());
        }

        [Fact]
        public void A_marked_helper_passes_its_callers_types_on_to_the_generator()
        {
            // The same generic code with the marker: Shipment, named nowhere else, is named at this call and served.
            Method<Shipment, Shipment> method = DescribeMarked<Shipment>("amber.test.Marked", "Call");
            Assert.Equal("/amber.test.Marked/Call", method.FullName);
            Assert.True(AmberFormatterRegistry.IsRegistered(typeof(Shipment)));
        }

        private static Method<T, T> Describe<T>(string service, string name) where T : class =>
            AmberGrpc.Method<T, T>(MethodType.Unary, service, name);

        private static Method<T, T> DescribeMarked<[AmberRoot] T>(string service, string name) where T : class =>
            AmberGrpc.Method<T, T>(MethodType.Unary, service, name);

        private static Marshaller<T> MarshallerOf<T>() => AmberGrpc.Marshaller<T>();
    }
}
