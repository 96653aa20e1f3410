// The message types the bench sends with Tell, which Amber.Akka's [assembly: AmberRootsFrom] declarations make roots once the
// generator reads them.
[assembly: Amber.AmberSerializable(typeof(Amber.Akka.Bench.Tick))]
[assembly: Amber.AmberSerializable(typeof(Amber.Akka.Bench.OrderPlaced))]
