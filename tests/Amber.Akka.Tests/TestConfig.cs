using System;
using System.Threading.Tasks;
using Akka.Actor;
using Akka.Configuration;

namespace Amber.Akka.Tests
{
    /// <summary>The HOCON every test system starts from, and the one bound on every wait.</summary>
    internal static class TestConfig
    {
        /// <summary>Every await on an actor system, a network or a journal waits at most this long.</summary>
        public static readonly TimeSpan Timeout = TimeSpan.FromSeconds(20);

        /// <summary>Amber bound through HOCON to the tests' marker interface.</summary>
        public const string AmberBinding = @"
akka.actor.serializers.amber = ""Amber.Akka.AmberAkkaSerializer, Amber.Akka""
akka.actor.serialization-bindings { ""Amber.Akka.Tests.IShopMessage, Amber.Akka.Tests"" = amber }
";

        public const string Quiet = @"
akka.loglevel = WARNING
akka.stdout-loglevel = WARNING
akka.log-dead-letters = off
akka.log-dead-letters-during-shutdown = off
";

        public static ActorSystem Start(string name, string hocon, Config? fallback = null)
        {
            Config config = ConfigurationFactory.ParseString(hocon + AmberBinding + Quiet);
            return ActorSystem.Create(name, fallback == null ? config : config.WithFallback(fallback));
        }

        public static async Task Stop(ActorSystem system) => await system.Terminate().WaitAsync(Timeout);

        public static Task<T> Bounded<T>(this Task<T> task) => task.WaitAsync(Timeout);
    }
}
