namespace Amber.Services
{
    /// <summary>How a service method's requests and responses flow, told by its signature.</summary>
    public enum AmberCallKind
    {
        /// <summary>One request, one response: <c>Task&lt;TResponse&gt; M(TRequest)</c>.</summary>
        Unary,

        /// <summary>One request, a stream of responses: <c>IAsyncEnumerable&lt;TResponse&gt; M(TRequest)</c>.</summary>
        ServerStreaming,

        /// <summary>A stream of requests, one response: <c>Task&lt;TResponse&gt; M(IAsyncEnumerable&lt;TRequest&gt;)</c>.</summary>
        ClientStreaming,

        /// <summary>A stream each way: <c>IAsyncEnumerable&lt;TResponse&gt; M(IAsyncEnumerable&lt;TRequest&gt;)</c>.</summary>
        DuplexStreaming,
    }
}
