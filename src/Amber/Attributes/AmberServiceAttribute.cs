using System;

namespace Amber
{
    /// <summary>
    /// Marks a service contract for the Amber generator: an interface whose methods are remote calls. The generator
    /// writes, at compile time, a description of each method, the typed client that calls them, and the binding that
    /// serves them (see <see cref="Services.AmberService"/>); a transport package (Amber.Grpc) carries the calls.
    /// </summary>
    /// <remarks>
    /// <para>
    /// On a type parameter, every concrete type argument given there is a contract: an interface, or a class whose
    /// service contract interfaces are read (those of its interfaces whose methods all return a task or an async
    /// stream). The transports' entry points carry it (<c>channel.CreateAmberClient&lt;IOrders&gt;()</c>,
    /// <c>endpoints.MapAmberGrpcService&lt;OrdersService&gt;()</c>), so a contract needs no attribute of its own.
    /// </para>
    /// <para>
    /// On an interface, that interface is a contract even where no call names it (a client created from generic
    /// code, a service bound by reflection).
    /// </para>
    /// </remarks>
    [AttributeUsage(AttributeTargets.GenericParameter | AttributeTargets.Interface, AllowMultiple = false, Inherited = false)]
    public sealed class AmberServiceAttribute : Attribute
    {
        /// <summary>
        /// On an interface, the service's name on the wire (a gRPC service's path is <c>/Name/Method</c>). By default it is
        /// the interface's namespace and name without the <c>I</c> of <c>IOrders</c>: <c>Shop.Orders</c>. Set it to keep a
        /// contract reachable by its clients after the interface is renamed or moved, or when two versions of a contract
        /// live in one program.
        /// </summary>
        public string? Name { get; set; }
    }
}
