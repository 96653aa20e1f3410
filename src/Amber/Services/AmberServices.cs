using System;
using System.Collections.Generic;
using System.ComponentModel;

namespace Amber.Services
{
    /// <summary>
    /// The service contracts the generator wrote for the loaded assemblies: their clients and bindings, for transports
    /// to serve and call.
    /// </summary>
    public static class AmberServices
    {
        private static readonly object s_gate = new object();
        private static volatile AmberService[] s_all = Array.Empty<AmberService>();

        /// <summary>Registers a generated service contract. Called by generated code; a contract registered twice keeps its first.</summary>
        [EditorBrowsable(EditorBrowsableState.Never)]
        public static void Register(AmberService service)
        {
            if (service == null) throw new ArgumentNullException(nameof(service));
            lock (s_gate)
            {
                foreach (AmberService s in s_all)
                {
                    if (s.Contract == service.Contract) return;
                }
                var next = new AmberService[s_all.Length + 1];
                s_all.CopyTo(next, 0);
                next[s_all.Length] = service;
                s_all = next;
            }
        }

        /// <summary>The generated service of a contract interface, if there is one.</summary>
        public static bool TryGet(Type contract, out AmberService service)
        {
            foreach (AmberService s in s_all)
            {
                if (s.Contract == contract)
                {
                    service = s;
                    return true;
                }
            }
            service = null!;
            return false;
        }

        /// <summary>The generated service of a contract interface.</summary>
        /// <exception cref="AmberException">The generator wrote none for it; the message says how to make it.</exception>
        public static AmberService Get(Type contract)
        {
            if (contract == null) throw new ArgumentNullException(nameof(contract));
            if (TryGet(contract, out AmberService service)) return service;
            throw NotGenerated(contract);
        }

        /// <summary>
        /// The generated services an implementation serves: each contract it implements. Empty when it implements none
        /// the generator wrote.
        /// </summary>
        public static IReadOnlyList<AmberService> ImplementedBy(Type implementation)
        {
            if (implementation == null) throw new ArgumentNullException(nameof(implementation));
            var found = new List<AmberService>();
            foreach (AmberService s in s_all)
            {
                if (s.Contract.IsAssignableFrom(implementation)) found.Add(s);
            }
            return found;
        }

        /// <summary>A typed client of <typeparamref name="TContract"/> that calls through <paramref name="invoker"/>.</summary>
        /// <typeparam name="TContract">The contract interface; each concrete type named here is a service contract for the generator.</typeparam>
        /// <exception cref="AmberException">The generator wrote no service for <typeparamref name="TContract"/>.</exception>
        public static TContract CreateClient<[AmberService] TContract>(IAmberServiceInvoker invoker)
            where TContract : class
        {
            if (invoker == null) throw new ArgumentNullException(nameof(invoker));
            return (TContract)Get(typeof(TContract)).CreateClient(invoker);
        }

        /// <summary>The error for a contract with no generated service.</summary>
        internal static AmberException NotGenerated(Type contract) =>
            new AmberException($"Amber has no generated service for '{contract.FullName}'", -1,
                contract.IsInterface
                    ? $"The Amber generator writes a service for each interface named at a client or mapping call with a concrete type (CreateAmberClient<{contract.Name}>(), MapAmberGrpcService<TService>()); where no such call names it, mark the interface [AmberService]. Check the build's AMB014 and AMB015 diagnostics for methods it could not serve."
                    : $"A service contract is an interface; '{contract.Name}' is not one. Declare the methods on an interface and implement it.");
    }
}
