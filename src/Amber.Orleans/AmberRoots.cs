using Amber;

// The Orleans APIs that carry values Amber serializes. The generator reads these in every project that references
// Amber.Orleans and writes formatters for the user's types found there, with no attribute on them:
// - grain interfaces and grain observers (everything that derives from IAddressable): the parameters and results of
//   their methods; grain references themselves (types deriving from IAddressable) stay Orleans';
[assembly: AmberRootsFrom(typeof(Orleans.Runtime.IAddressable))]
// - grain state: IPersistentState<TState> injected into a grain, and the TState of a Grain<TState> base class;
[assembly: AmberRootsFrom(typeof(Orleans.Runtime.IPersistentState<>))]
[assembly: AmberRootsFrom(typeof(Orleans.Grain<>))]
// - the state a storage provider hands to the serializer (IGrainState<T>, in custom IGrainStorage code).
[assembly: AmberRootsFrom(typeof(Orleans.IGrainState<>))]
