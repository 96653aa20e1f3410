namespace Amber.Grpc
{
    /// <summary>
    /// How an Amber client and an Amber server agree that a call's streamed responses define each shape once per call
    /// (Amber.Grpc's README, "Streams"). Compiled into Amber.Grpc and Amber.Grpc.AspNetCore from this one file.
    /// </summary>
    /// <remarks>
    /// The client asks with a request header; a server that knows it answers with connection messages (docs/format.md §7.6,
    /// unframed: a gRPC message frames each), and one that does not answers with payloads as before. Each message says
    /// which it is in its first byte, so the client needs no answer to the header: it reads either.
    /// </remarks>
    internal static class AmberGrpcStreamShapes
    {
        /// <summary>The request header a client sends on a call whose responses are a stream.</summary>
        public const string Header = "amber-shapes";

        /// <summary>Its value: shapes once per call.</summary>
        public const string PerCall = "call";
    }
}
