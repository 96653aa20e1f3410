using Amber;
using Microsoft.AspNetCore.SignalR;
using Microsoft.AspNetCore.SignalR.Client;

// Where a user's values enter SignalR's API, so the generator serves their types with no attribute of their own
// (src/Amber/Attributes/AmberRootsFromAttribute.cs). Hub classes' method parameters cannot be declared in these forms:
// a type only a hub method names needs [assembly: AmberSerializable(typeof(T))].

// The .NET client: handlers' parameter types, awaited results, stream item types.
// A hub is a contract: the public methods a hub class declares take and return the values clients send; a strongly typed
// hub's client interface (Hub<IChatClient>) declares the values the server sends.
[assembly: AmberRootsFrom(typeof(Hub))]
[assembly: AmberRootsFrom(typeof(Hub<>), Contract = true)]

[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "On")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync")]
// The server: client results (Clients.Client(id).InvokeAsync<T>).
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync")]

// The .NET client: the arguments of calls to hub methods (arg1 … arg10, each an object parameter).
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "InvokeAsync", Argument = "arg10")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "SendAsync", Argument = "arg10")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsync", Argument = "arg10")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(HubConnectionExtensions), "StreamAsChannelAsync", Argument = "arg10")]
// The server: the arguments of messages to clients (Clients.All.SendAsync, Clients.Group(…).SendAsync, …).
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "SendAsync", Argument = "arg10")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg1")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg2")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg3")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg4")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg5")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg6")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg7")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg8")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg9")]
[assembly: AmberRootsFrom(typeof(ClientProxyExtensions), "InvokeAsync", Argument = "arg10")]
