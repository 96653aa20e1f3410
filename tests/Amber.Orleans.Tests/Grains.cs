using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Orleans;
using Orleans.Runtime;

namespace Amber.Orleans.Tests
{
    public interface IDrawingGrain : IGrainWithStringKey
    {
        Task<Shape> Largest(List<Shape> shapes);

        Task<Drawing> Compose(string title, List<Shape> shapes, Dictionary<string, Point> anchors, Money price);

        Task<Point> Move(Point point, int dx, int dy);

        Task<Money> Add(Money a, Money b);

        Task<NativeLabel> Enlarge(NativeLabel label);

        /// <summary>Calls another grain of the same silo: the arguments and result are deep-copied, not serialized.</summary>
        Task<(Drawing Copy, bool SameInstance)> ForwardInSilo(Drawing drawing);
    }

    public interface IEchoGrain : IGrainWithStringKey
    {
        Task<Drawing> Echo(Drawing drawing);
    }

    public sealed class DrawingGrain : Grain, IDrawingGrain
    {
        private static double Area(Shape s) => s switch
        {
            Circle c => c.Radius * c.Radius * 3.14159,
            Rectangle r => r.Width * r.Height,
            _ => 0,
        };

        public Task<Shape> Largest(List<Shape> shapes) => Task.FromResult(shapes.OrderByDescending(Area).First());

        public Task<Drawing> Compose(string title, List<Shape> shapes, Dictionary<string, Point> anchors, Money price) =>
            Task.FromResult(new Drawing { Title = title, Shapes = shapes, Anchors = anchors, Price = price });

        public Task<Point> Move(Point point, int dx, int dy) => Task.FromResult(new Point { X = point.X + dx, Y = point.Y + dy });

        public Task<Money> Add(Money a, Money b) => Task.FromResult(new Money(a.Amount + b.Amount, a.Currency));

        public Task<NativeLabel> Enlarge(NativeLabel label) => Task.FromResult(new NativeLabel { Text = label.Text, Size = label.Size * 2 });

        public async Task<(Drawing Copy, bool SameInstance)> ForwardInSilo(Drawing drawing)
        {
            Drawing back = await GrainFactory.GetGrain<IEchoGrain>(this.GetPrimaryKeyString()).Echo(drawing);
            return (back, ReferenceEquals(back, drawing) || ReferenceEquals(back.Shapes, drawing.Shapes));
        }
    }

    public sealed class EchoGrain : Grain, IEchoGrain
    {
        public Task<Drawing> Echo(Drawing drawing) => Task.FromResult(drawing);
    }

    public interface ILedgerGrain : IGrainWithStringKey
    {
        Task Record(Money entry, string pinName, Shape pin);

        Task<Ledger> Read();
    }

    public interface IDamagedLedgerGrain : ILedgerGrain
    {
    }

    public class LedgerGrain : Grain, ILedgerGrain
    {
        private readonly IPersistentState<Ledger> _ledger;

        public LedgerGrain([PersistentState("ledger", ClusterFixture.StorageName)] IPersistentState<Ledger> ledger)
        {
            _ledger = ledger;
        }

        protected LedgerGrain(IPersistentState<Ledger> ledger, bool _)
        {
            _ledger = ledger;
        }

        public async Task Record(Money entry, string pinName, Shape pin)
        {
            _ledger.State.Owner = this.GetPrimaryKeyString();
            _ledger.State.Entries.Add(entry);
            _ledger.State.Pins[pinName] = pin;
            await _ledger.WriteStateAsync();
        }

        public Task<Ledger> Read() => Task.FromResult(_ledger.State);
    }

    public interface IKeptLedgerGrain : ILedgerGrain
    {
    }

    /// <summary>The same grain on a storage provider of one's own (<see cref="KeptBytesStorage"/>).</summary>
    public sealed class KeptLedgerGrain([PersistentState("ledger", ClusterFixture.KeptStorageName)] IPersistentState<Ledger> ledger)
        : LedgerGrain(ledger, true), IKeptLedgerGrain
    {
    }

    /// <summary>The same grain on the provider that damages what it stores.</summary>
    public sealed class DamagedLedgerGrain([PersistentState("ledger", ClusterFixture.DamagedStorageName)] IPersistentState<Ledger> ledger)
        : LedgerGrain(ledger, true), IDamagedLedgerGrain
    {
    }
}
