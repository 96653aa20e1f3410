using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Event;
using Akka.Persistence.Sql;
using Microsoft.Data.Sqlite;
using Xunit;

namespace Amber.Akka.Tests
{
    /// <summary>
    /// A persistent actor whose events and snapshots go through Amber into Akka.Persistence.Sql's journal and snapshot store
    /// on an SQLite file, read back by another actor system started on the same file.
    /// </summary>
    public sealed class PersistenceTests : IDisposable
    {
        private readonly string _folder = Path.Combine(Path.GetTempPath(), "amber-akka-" + Guid.NewGuid().ToString("N"));
        private readonly string _connectionString;

        public PersistenceTests()
        {
            Directory.CreateDirectory(_folder);
            // No pooling: a closed connection closes the file, so nothing holds it once a system has stopped.
            _connectionString = "Data Source=" + Path.Combine(_folder, "journal.db") + ";Pooling=False";
        }

        public void Dispose()
        {
            try { Directory.Delete(_folder, recursive: true); }
            catch (IOException) { }   // a temporary folder left behind is not a failure of the code under test
        }

        private ActorSystem StartSystem(string name) => TestConfig.Start(name, $@"
akka.persistence {{
  journal {{
    plugin = ""akka.persistence.journal.sql""
    sql {{
      connection-string = ""{_connectionString}""
      provider-name = ""{LinqToDB.ProviderName.SQLiteMS}""
      auto-initialize = on
    }}
  }}
  snapshot-store {{
    plugin = ""akka.persistence.snapshot-store.sql""
    sql {{
      connection-string = ""{_connectionString}""
      provider-name = ""{LinqToDB.ProviderName.SQLiteMS}""
      auto-initialize = on
    }}
  }}
}}
", SqlPersistence.DefaultConfiguration);

        private List<(long Identifier, string Manifest)> Rows(string sql, string persistenceId)
        {
            var rows = new List<(long, string)>();
            using var connection = new SqliteConnection(_connectionString);
            connection.Open();
            using SqliteCommand command = connection.CreateCommand();
            command.CommandText = sql;
            command.Parameters.AddWithValue("$id", persistenceId);
            using SqliteDataReader reader = command.ExecuteReader();
            while (reader.Read()) rows.Add((reader.GetInt64(0), reader.GetString(1)));
            return rows;
        }

        [Fact]
        public async Task Events_and_a_snapshot_in_the_SQL_store_bring_the_state_back_after_a_restart()
        {
            ActorSystem first = StartSystem("shop");
            try
            {
                Assert.IsType<AmberAkkaSerializer>(first.Serialization.FindSerializerFor(new ItemAdded("a", 1)));
                IActorRef cart = first.ActorOf(Props.Create(() => new CartActor("cart-1")), "cart");
                await cart.Ask<Persisted>(new AddItem("apple", 2), TestConfig.Timeout);
                await cart.Ask<Persisted>(new AddItem("pear", 1), TestConfig.Timeout);
                await cart.Ask<Persisted>(new AddItem("apple", 3), TestConfig.Timeout);
                SnapshotTaken taken = await cart.Ask<SnapshotTaken>(new TakeSnapshot("checkpoint"), TestConfig.Timeout);
                Assert.Equal(3, taken.SequenceNr);
                await cart.Ask<Persisted>(new AddItem("plum", 4), TestConfig.Timeout);
                await cart.Ask<Persisted>(new AddItem("pear", 1), TestConfig.Timeout);
            }
            finally
            {
                await TestConfig.Stop(first);
            }

            // The rows hold Amber's serializer id and the types' Amber names.
            var events = Rows("SELECT identifier, manifest FROM journal WHERE persistence_id = $id ORDER BY sequence_number", "cart-1");
            Assert.Equal(5, events.Count);
            Assert.All(events, row => Assert.Equal((AmberAkkaSerializer.SerializerIdentifier, "Amber.Akka.Tests.ItemAdded"), row));
            var snapshots = Rows("SELECT serializer_id, manifest FROM snapshot WHERE persistence_id = $id", "cart-1");
            Assert.Equal(new[] { ((long)AmberAkkaSerializer.SerializerIdentifier, "Amber.Akka.Tests.CartSnapshot") }, snapshots);

            ActorSystem second = StartSystem("shop");
            try
            {
                IActorRef cart = second.ActorOf(Props.Create(() => new CartActor("cart-1")), "cart");
                CartState state = await cart.Ask<CartState>(new GetCart("cart-1"), TestConfig.Timeout);

                Assert.Equal(3, state.RecoveredSnapshotAt);   // recovered from the snapshot …
                Assert.Equal(2, state.EventsReplayed);         // … and the two events after it
                Assert.Equal(new[] { new CartLine("apple", 5), new CartLine("pear", 2), new CartLine("plum", 4) }, state.Lines);
            }
            finally
            {
                await TestConfig.Stop(second);
            }
        }

        [Fact]
        public async Task Events_of_an_older_version_of_the_event_type_recover_into_the_new_one()
        {
            const string Id = "ledger-7";
            ActorSystem first = StartSystem("bank");
            try
            {
                IActorRef ledger = first.ActorOf(Props.Create(() => new LedgerV1(Id)), "ledger");
                await ledger.Ask<Persisted>(new V1.LedgerEntry { Account = "alice", AmountCents = 1250, Note = "salary" }, TestConfig.Timeout);
                await ledger.Ask<Persisted>(new V1.LedgerEntry { Account = "bob", AmountCents = -300, Note = "coffee" }, TestConfig.Timeout);
            }
            finally
            {
                await TestConfig.Stop(first);
            }

            // The next version of the program declares the event type anew (here it has another namespace, so both versions
            // live in one test assembly): its rows name the old type, as a deploy of the new version would find them under
            // the type's unchanged name. Point them at the new declaration.
            Assert.True(AmberKnownTypes.TryGetName(typeof(V1.LedgerEntry), out string? oldName));
            Assert.True(AmberKnownTypes.TryGetName(typeof(V2.LedgerEntry), out string? newName));
            var before = Rows("SELECT identifier, manifest FROM journal WHERE persistence_id = $id", Id);
            Assert.Equal(new[] { ((long)AmberAkkaSerializer.SerializerIdentifier, oldName), ((long)AmberAkkaSerializer.SerializerIdentifier, oldName) }, before);
            using (var connection = new SqliteConnection(_connectionString))
            {
                connection.Open();
                using SqliteCommand update = connection.CreateCommand();
                update.CommandText = "UPDATE journal SET manifest = $new WHERE persistence_id = $id";
                update.Parameters.AddWithValue("$new", newName);
                update.Parameters.AddWithValue("$id", Id);
                Assert.Equal(2, update.ExecuteNonQuery());
            }

            ActorSystem second = StartSystem("bank");
            try
            {
                IActorRef ledger = second.ActorOf(Props.Create(() => new LedgerV2(Id)), "ledger");
                // The new version persists an event with its new members next to the recovered ones.
                await ledger.Ask<Persisted>(new V2.LedgerEntry { Account = "carol", AmountCents = 99, Currency = "CHF", Tags = { "refund" } }, TestConfig.Timeout);
                V2.LedgerEntry[] entries = await ledger.Ask<V2.LedgerEntry[]>(new GetLedger(Id), TestConfig.Timeout);

                Assert.Equal(3, entries.Length);
                Assert.Equal(("alice", 1250L, "EUR", 0), (entries[0].Account, entries[0].AmountCents, entries[0].Currency, entries[0].Tags.Count));
                Assert.Equal(("bob", -300L, "EUR", 0), (entries[1].Account, entries[1].AmountCents, entries[1].Currency, entries[1].Tags.Count));
                Assert.Equal(("carol", 99L, "CHF", "refund"), (entries[2].Account, entries[2].AmountCents, entries[2].Currency, entries[2].Tags.Single()));
            }
            finally
            {
                await TestConfig.Stop(second);
            }
        }

        [Fact]
        public async Task An_event_whose_manifest_names_no_type_fails_the_recovery_with_the_manifest()
        {
            const string Id = "cart-9";
            ActorSystem first = StartSystem("gone");
            try
            {
                IActorRef cart = first.ActorOf(Props.Create(() => new CartActor(Id)), "cart");
                await cart.Ask<Persisted>(new AddItem("apple", 1), TestConfig.Timeout);
            }
            finally
            {
                await TestConfig.Stop(first);
            }
            using (var connection = new SqliteConnection(_connectionString))
            {
                connection.Open();
                using SqliteCommand update = connection.CreateCommand();
                update.CommandText = "UPDATE journal SET manifest = 'Shop.Events.RemovedLongAgo' WHERE persistence_id = $id";
                update.Parameters.AddWithValue("$id", Id);
                Assert.Equal(1, update.ExecuteNonQuery());
            }

            ActorSystem second = StartSystem("gone");
            try
            {
                var error = new TaskCompletionSource<AmberException>(TaskCreationOptions.RunContinuationsAsynchronously);
                second.EventStream.Subscribe(second.ActorOf(Props.Create(() => new AmberErrorListener(error))), typeof(Error));
                IActorRef cart = second.ActorOf(Props.Create(() => new CartActor(Id)), "cart");
                var stopped = new TaskCompletionSource<Terminated>(TaskCreationOptions.RunContinuationsAsynchronously);
                second.ActorOf(Props.Create(() => new Watcher(cart, stopped)));

                var failure = Assert.IsType<AmberAkkaException>(await error.Task.Bounded());
                Assert.Equal("Shop.Events.RemovedLongAgo", failure.Manifest);
                Assert.Equal(cart, (await stopped.Task.Bounded()).ActorRef);   // a failed recovery stops the actor
            }
            finally
            {
                await TestConfig.Stop(second);
            }
        }
    }
}
