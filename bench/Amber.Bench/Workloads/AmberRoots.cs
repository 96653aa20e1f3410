// The suite calls AmberSerializer through one generic adapter, so the generator cannot see the
// workloads' root types at a call site: they are named here, once. The model types carry no attributes.
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.MessageEnvelope))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.BookShelf))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Vector3[]))]
[assembly: Amber.AmberSerializable(typeof(System.Collections.Generic.List<Amber.Bench.Workloads.Sport.SportEvent>))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Game.GameState))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Boot.BootResponse))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Everyday.TradeBlotter))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Everyday.ReadingLog))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Everyday.Scene))]
[assembly: Amber.AmberSerializable(typeof(Amber.Bench.Workloads.Everyday.Message))]
