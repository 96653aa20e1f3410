// Types only the test hub's method parameters name: the generator cannot find hub classes' parameters through
// [assembly: AmberRootsFrom] yet, so they are named here. Every other type the tests send is found from the client API.
[assembly: Amber.AmberSerializable(typeof(Amber.SignalR.Tests.Shape))]
[assembly: Amber.AmberSerializable(typeof(Amber.SignalR.Tests.Profile))]
