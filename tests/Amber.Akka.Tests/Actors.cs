using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.Serialization;
using System.Threading.Channels;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Event;
using Akka.Persistence;

namespace Amber.Akka.Tests
{
    /// <summary>Answers orders and echoes greetings (with every count doubled, so a reply is not the request sent back).</summary>
    public sealed class OrderHandler : ReceiveActor
    {
        public OrderHandler()
        {
            Receive<PlaceOrder>(order => Sender.Tell(new OrderAccepted(
                order.OrderId, order.Lines.Count, order.Lines.Sum(l => l.Quantity * l.UnitPrice), Context.System.Name)));
            Receive<Greeting>(greeting => Sender.Tell(new Greeting(
                greeting.Text + " back", greeting.Counts.ToDictionary(kv => kv.Key, kv => kv.Value * 2))));
        }
    }

    /// <summary>Counts a burst of <see cref="BurstItem"/>s, checks each one's content and order, and reports once all arrived.</summary>
    public sealed class BurstCollector : ReceiveActor
    {
        public BurstCollector(int expected)
        {
            int received = 0, intact = 0, firstBad = -1;
            Receive<BurstItem>(item =>
            {
                if (item.IsIntact(received)) intact++;
                else if (firstBad < 0) firstBad = received;
                received++;
                if (received == expected) Sender.Tell(new BurstReport(received, intact, firstBad));
            });
        }
    }

    /// <summary>Completes a task with the first message of type <typeparamref name="T"/> it receives.</summary>
    public sealed class Completer<T> : ReceiveActor
    {
        public Completer(TaskCompletionSource<T> done)
        {
            Receive<T>(message => done.TrySetResult(message));
        }
    }

    /// <summary>Hands every message it receives (the instance the mailbox delivered) to a channel.</summary>
    public sealed class Catcher : ReceiveActor
    {
        public Catcher(ChannelWriter<object> caught)
        {
            ReceiveAny(message => caught.TryWrite(message));
        }
    }

    /// <summary>Hands the first error about serialization published on the event stream to a task.</summary>
    public sealed class ErrorListener : ReceiveActor
    {
        public ErrorListener(TaskCompletionSource<Error> caught)
        {
            Receive<Error>(error => error.Cause is SerializationException, error => caught.TrySetResult(error));
            ReceiveAny(_ => { });
        }
    }

    /// <summary>Hands the first warning caused by an <see cref="AmberException"/> (a payload Amber refused to read) to a task.</summary>
    public sealed class RefusalListener : ReceiveActor
    {
        public RefusalListener(TaskCompletionSource<Warning> caught)
        {
            Receive<Warning>(warning => warning.Cause is AmberException, warning => caught.TrySetResult(warning));
            ReceiveAny(_ => { });
        }
    }

    /// <summary>Hands the first error whose causes include an <see cref="AmberException"/> to a task.</summary>
    public sealed class AmberErrorListener : ReceiveActor
    {
        public AmberErrorListener(TaskCompletionSource<AmberException> caught)
        {
            Receive<Error>(error =>
            {
                for (Exception? e = error.Cause; e != null; e = e.InnerException)
                {
                    if (e is AmberException amber)
                    {
                        caught.TrySetResult(amber);
                        return;
                    }
                }
            });
        }
    }

    /// <summary>Completes a task when the actor it watches stops.</summary>
    public sealed class Watcher : ReceiveActor
    {
        public Watcher(IActorRef watched, TaskCompletionSource<Terminated> stopped)
        {
            Context.Watch(watched);
            Receive<Terminated>(t => stopped.TrySetResult(t));
        }
    }

    /// <summary>A cart kept as events (<see cref="ItemAdded"/>) and snapshots (<see cref="CartSnapshot"/>).</summary>
    public sealed class CartActor : ReceivePersistentActor
    {
        private readonly List<CartLine> _lines = new List<CartLine>();
        private long _recoveredSnapshotAt = -1;
        private int _eventsReplayed;
        private IActorRef? _snapshotRequester;

        public CartActor(string cartId)
        {
            PersistenceId = cartId;
            Recover<SnapshotOffer>(offer =>
            {
                var snapshot = (CartSnapshot)offer.Snapshot;
                _lines.Clear();
                _lines.AddRange(snapshot.Lines);
                _recoveredSnapshotAt = offer.Metadata.SequenceNr;
            });
            Recover<ItemAdded>(added =>
            {
                Apply(added);
                _eventsReplayed++;
            });
            Command<AddItem>(add => Persist(new ItemAdded(add.Sku, add.Quantity), added =>
            {
                Apply(added);
                Sender.Tell(new Persisted(LastSequenceNr));
            }));
            Command<TakeSnapshot>(_ =>
            {
                _snapshotRequester = Sender;
                SaveSnapshot(new CartSnapshot(_lines.ToList(), LastSequenceNr));
            });
            Command<SaveSnapshotSuccess>(success => _snapshotRequester?.Tell(new SnapshotTaken(success.Metadata.SequenceNr)));
            Command<SaveSnapshotFailure>(failure => _snapshotRequester?.Tell(new Status.Failure(failure.Cause)));
            Command<GetCart>(_ => Sender.Tell(new CartState(_lines.ToList(), _recoveredSnapshotAt, _eventsReplayed)));
        }

        public override string PersistenceId { get; }

        private void Apply(ItemAdded added)
        {
            int i = _lines.FindIndex(l => l.Sku == added.Sku);
            if (i < 0) _lines.Add(new CartLine(added.Sku, added.Quantity));
            else _lines[i] = _lines[i] with { Quantity = _lines[i].Quantity + added.Quantity };
        }
    }

    /// <summary>The first version of a ledger: persists <see cref="V1.LedgerEntry"/> events.</summary>
    public sealed class LedgerV1 : ReceivePersistentActor
    {
        public LedgerV1(string id)
        {
            PersistenceId = id;
            Recover<V1.LedgerEntry>(_ => { });
            Command<V1.LedgerEntry>(entry => Persist(entry, _ => Sender.Tell(new Persisted(LastSequenceNr))));
        }

        public override string PersistenceId { get; }
    }

    /// <summary>The next version of the ledger: recovers and persists <see cref="V2.LedgerEntry"/> events.</summary>
    public sealed class LedgerV2 : ReceivePersistentActor
    {
        private readonly List<V2.LedgerEntry> _entries = new List<V2.LedgerEntry>();

        public LedgerV2(string id)
        {
            PersistenceId = id;
            Recover<V2.LedgerEntry>(_entries.Add);
            Command<V2.LedgerEntry>(entry => Persist(entry, persisted =>
            {
                _entries.Add(persisted);
                Sender.Tell(new Persisted(LastSequenceNr));
            }));
            Command<GetLedger>(_ => Sender.Tell(_entries.ToArray()));
        }

        public override string PersistenceId { get; }
    }
}
