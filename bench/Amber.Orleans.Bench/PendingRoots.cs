[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Bench.Shape))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Bench.Money))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Bench.Point))]
[assembly: Amber.AmberSerializable(typeof(Amber.Orleans.Bench.Drawing))]
