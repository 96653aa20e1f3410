using Akka.Actor;
using Akka.Persistence;
using Amber;

// The Akka.NET APIs that carry Amber values. The generator reads these in every project that references Amber.Akka,
// so the message, event and snapshot types a user names there get their formatters with no attribute of their own.
// A type found here that Amber cannot serve is left to Akka's other serializers (the generator says why, AMB013).

// Messages: the argument of every send, and the reply type of Ask<T>.
[assembly: AmberRootsFrom(typeof(ICanTell), "Tell", Argument = "message")]
[assembly: AmberRootsFrom(typeof(ActorSelection), "Tell", Argument = "message")]
[assembly: AmberRootsFrom(typeof(ActorRefImplicitSenderExtensions), "Tell", Argument = "message")]
[assembly: AmberRootsFrom(typeof(ActorRefImplicitSenderExtensions), "Forward", Argument = "message")]
[assembly: AmberRootsFrom(typeof(Futures), "Ask", Argument = "message")]
[assembly: AmberRootsFrom(typeof(Futures), "Ask")]
[assembly: AmberRootsFrom(typeof(PipeToSupport), "PipeTo")]
[assembly: AmberRootsFrom(typeof(ITellScheduler), "ScheduleTellOnce", Argument = "message")]
[assembly: AmberRootsFrom(typeof(ITellScheduler), "ScheduleTellRepeatedly", Argument = "message")]
[assembly: AmberRootsFrom(typeof(SchedulerExtensions), "ScheduleTellOnce", Argument = "message")]
[assembly: AmberRootsFrom(typeof(SchedulerExtensions), "ScheduleTellRepeatedly", Argument = "message")]

// Messages an actor declares it receives.
[assembly: AmberRootsFrom(typeof(ReceiveActor), "Receive")]
[assembly: AmberRootsFrom(typeof(ReceiveActor), "ReceiveAsync")]

// Akka.Persistence: commands, events (written and recovered) and snapshots. Akka.Persistence is referenced at compile
// time only: an attribute stores these types by name, so a project without Akka.Persistence is not given it.
[assembly: AmberRootsFrom(typeof(ReceivePersistentActor), "Command")]
[assembly: AmberRootsFrom(typeof(ReceivePersistentActor), "CommandAsync")]
[assembly: AmberRootsFrom(typeof(ReceivePersistentActor), "Recover")]
[assembly: AmberRootsFrom(typeof(Eventsourced), "Persist")]
[assembly: AmberRootsFrom(typeof(Eventsourced), "PersistAsync")]
[assembly: AmberRootsFrom(typeof(Eventsourced), "PersistAll")]
[assembly: AmberRootsFrom(typeof(Eventsourced), "PersistAllAsync")]
[assembly: AmberRootsFrom(typeof(Eventsourced), "SaveSnapshot", Argument = "snapshot")]
[assembly: AmberRootsFrom(typeof(ISnapshotter), "SaveSnapshot", Argument = "snapshot")]
