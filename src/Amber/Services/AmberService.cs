using System;
using System.Collections.Generic;

namespace Amber.Services
{
    /// <summary>
    /// A service contract as the generator wrote it: its methods, the binding that serves them on an implementation,
    /// and the typed client that calls them. One instance per contract interface, registered in
    /// <see cref="AmberServices"/> before any code of the assembly runs.
    /// </summary>
    public abstract class AmberService
    {
        /// <summary>Called by generated code.</summary>
        /// <param name="contract">The contract interface.</param>
        /// <param name="name">The service's name, such as <c>Shop.Orders</c>.</param>
        protected AmberService(Type contract, string name)
        {
            Contract = contract ?? throw new ArgumentNullException(nameof(contract));
            Name = name ?? throw new ArgumentNullException(nameof(name));
        }

        /// <summary>The contract interface.</summary>
        public Type Contract { get; }

        /// <summary>The service's name: the interface's namespace and name, without the <c>I</c> of <c>IOrders</c>.</summary>
        public string Name { get; }

        /// <summary>The contract's methods, in declaration order.</summary>
        public abstract IReadOnlyList<AmberServiceMethod> Methods { get; }

        /// <summary>Gives <paramref name="binder"/> each method with a handler that calls it on a service instance (one that implements <see cref="Contract"/>).</summary>
        public abstract void Bind(IAmberServiceBinder binder);

        /// <summary>A client implementing <see cref="Contract"/> whose methods call through <paramref name="invoker"/>.</summary>
        public abstract object CreateClient(IAmberServiceInvoker invoker);
    }
}
