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
        public async Task A_type_without_a_codec_fails_with_Internal_and_the_attribute_to_add()
        {
            Method<Unnamed, Unnamed> method = AmberGrpc.Method<Unnamed, Unnamed>(MethodType.Unary, "amber.test.Nowhere", "Call");

            RpcException ex = await Assert.ThrowsAsync<RpcException>(() =>
                _server.Invoker.AsyncUnaryCall(method, null, new CallOptions(), new Unnamed { N = 1 }).ResponseAsync);

            Assert.Equal(StatusCode.Internal, ex.StatusCode);
            Assert.StartsWith("Amber could not write the message: ", ex.Status.Detail);
            Assert.Contains("AmberSerializable(typeof(Unnamed))", ex.Status.Detail);
        }
    }
}
