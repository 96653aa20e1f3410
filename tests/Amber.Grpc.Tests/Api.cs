using Grpc.Core;

namespace Amber.Grpc.Tests
{
    /// <summary>The methods as client and server both declare them: one <see cref="Method{TRequest, TResponse}"/> each, from AmberGrpc.</summary>
    internal static class Api
    {
        public const string Catalogs = "amber.test.Catalogs";
        public const string People = "amber.test.People";

        public static readonly Method<Catalog, Catalog> Echo =
            AmberGrpc.Method<Catalog, Catalog>(MethodType.Unary, Catalogs, "Echo");

        /// <summary>Echo with tight limits: at most 4 elements in any collection of a request or response.</summary>
        public static readonly AmberOptions Strict = new AmberOptions { MaxCollectionLength = 4 };

        public static readonly Method<Catalog, Catalog> EchoStrict =
            AmberGrpc.Method<Catalog, Catalog>(MethodType.Unary, Catalogs, "EchoStrict", Strict);

        public static readonly Method<CountRequest, Item> Count =
            AmberGrpc.Method<CountRequest, Item>(MethodType.ServerStreaming, "amber.test.Counter", "Count");

        public static readonly Method<Blob, BlobReport> Measure =
            AmberGrpc.Method<Blob, BlobReport>(MethodType.Unary, "amber.test.Blobs", "Measure");

        /// <summary>The server answers this one with bytes that are no Amber payload.</summary>
        public static readonly Method<Ping, Catalog> Garbage =
            AmberGrpc.Method<Ping, Catalog>(MethodType.Unary, "amber.test.Raw", "Garbage");

        /// <summary>Greet takes and returns a person; the server knows <see cref="PersonV2"/>, this client (in the test) V1.</summary>
        public static readonly Method<PersonV1, PersonV1> GreetV1 =
            AmberGrpc.Method<PersonV1, PersonV1>(MethodType.Unary, People, "Greet");

        public static readonly Method<PersonV2, PersonV2> GreetV2 =
            AmberGrpc.Method<PersonV2, PersonV2>(MethodType.Unary, People, "Greet");

        /// <summary>Older: the server knows only <see cref="PersonV1"/>; the client (in the test) sends and reads V2.</summary>
        public static readonly Method<PersonV1, PersonV1> OlderV1 =
            AmberGrpc.Method<PersonV1, PersonV1>(MethodType.Unary, People, "Older");

        public static readonly Method<PersonV2, PersonV2> OlderV2 =
            AmberGrpc.Method<PersonV2, PersonV2>(MethodType.Unary, People, "Older");

        /// <summary>Bytes as they are, for sending what no Amber writer would.</summary>
        public static readonly Marshaller<byte[]> RawBytes = Marshallers.Create(bytes => bytes, bytes => bytes);
    }
}
