using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>A root type to serve and where it was named (a call site or an assembly attribute), for diagnostics.</summary>
    internal readonly struct RootRequest
    {
        public RootRequest(ITypeSymbol type, LocationInfo? location, bool optional = false, bool implied = false)
        {
            Type = type;
            Location = location;
            Optional = optional;
            Implied = implied;
        }

        /// <summary>A concrete type of a polymorphic root, served with it: when it cannot be, the base root says why.</summary>
        public bool Implied { get; }

        public ITypeSymbol Type { get; }

        public LocationInfo? Location { get; }

        /// <summary>Named by another library's API ([assembly: AmberRootsFrom]): when it cannot be served, that library's serializer keeps it.</summary>
        public bool Optional { get; }
    }

    /// <summary>What the parser makes of a compilation's roots: the part of the generation model it decides.</summary>
    internal sealed class ParsedRoots
    {
        public ParsedRoots(List<TypeRef> roots, List<ObjectModel> objects, List<DiagnosticInfo> diagnostics, List<string> referenceRoots, List<ServiceModel> services)
        {
            Roots = roots;
            Objects = objects;
            Diagnostics = diagnostics;
            ReferenceRoots = referenceRoots;
            Services = services;
        }

        /// <summary>The service contracts that can be served, each once.</summary>
        public List<ServiceModel> Services { get; }

        /// <summary>The roots that can be served, in request order, each once.</summary>
        public List<TypeRef> Roots { get; }

        /// <summary>Every object type those roots reach, each once.</summary>
        public List<ObjectModel> Objects { get; }

        /// <summary>What stops the other roots, each once, at the place it concerns (or at the root that reaches it).</summary>
        public List<DiagnosticInfo> Diagnostics { get; }

        /// <summary>The full names of the roots that reach a type marked [AmberPreserveReferences].</summary>
        public List<string> ReferenceRoots { get; }
    }

    /// <summary>
    /// All roots of a compilation in one pass. Each type is modelled once, the first time any root reaches it, and
    /// becomes a node of a graph: its edges are the object types it reaches, and it keeps the diagnostics reported
    /// while it was modelled. A root is served when nothing it reaches was reported; a root that reaches a
    /// reported type gets those diagnostics, placed at the root when they have no place in source. So the work
    /// is linear in the model however many roots share it, and each root is judged as if parsed alone.
    /// </summary>
    internal sealed partial class Parser
    {
        /// <summary>A root or an object type: what it reaches and what was reported while it was modelled, in order.</summary>
        private sealed class Node
        {
            /// <summary>A <see cref="DiagnosticInfo"/> or an <see cref="Edge"/> to a reached node, in the order they came.</summary>
            public List<object> Items { get; } = new List<object>();

            /// <summary>Info diagnostics about the type (members it leaves out): they say something, they stop nothing.</summary>
            public List<DiagnosticInfo> Infos { get; } = new List<DiagnosticInfo>();

            /// <summary>
            /// Why a type from another assembly cannot be modelled (no usable constructor, nothing to serialize), when that is
            /// the reason: each member of the type is reported at its own declaration with this reason, not the type.
            /// </summary>
            public string? Unusable { get; set; }

            /// <summary>Something was reported, or the type could not be modelled.</summary>
            public bool Failed { get; set; }

            /// <summary>The object type's model, when it could be modelled.</summary>
            public ObjectModel? Model { get; set; }
        }

        /// <summary>
        /// A reached node, and where in the user's source the reaching member is declared (null when it is not a member in
        /// source): a diagnostic without a place of its own inside the reached node is shown there.
        /// </summary>
        private sealed class Edge
        {
            public Edge(Node node, LocationInfo? via)
            {
                Node = node;
                Via = via;
            }

            public Node Node { get; }

            public LocationInfo? Via { get; }
        }

        private readonly Dictionary<ITypeSymbol, Node> _objectNodes = new Dictionary<ITypeSymbol, Node>(SymbolEqualityComparer.Default);
        private Node _owner = new Node();

        /// <summary>The root or type being modelled reaches <paramref name="node"/>, through the member <paramref name="via"/> if any.</summary>
        private void Reach(Node node, ISymbol? via = null)
        {
            if (!ReferenceEquals(node, _owner)) _owner.Items.Add(new Edge(node, ToInfo(via?.Locations.FirstOrDefault(l => l.IsInSource))));
        }

        /// <summary>An info diagnostic of the type being modelled: shown when a root reaches it, and no reason not to serve it.</summary>
        private void RecordInfo(DiagnosticInfo info) => _owner.Infos.Add(info);

        /// <summary>A diagnostic of the root or type being modelled; a null location means "at the root".</summary>
        private void Record(DiagnosticInfo info)
        {
            _owner.Items.Add(info);
            _owner.Failed = true;
        }

        /// <summary>
        /// Models every root of a compilation (in order), every service contract <paramref name="services"/> names, and
        /// everything they reach. A contract's messages that are the user's own types become roots too.
        /// </summary>
        public static ParsedRoots ParseRoots(Compilation compilation, IReadOnlyList<RootRequest> requests, IReadOnlyList<RootRequest> services, CancellationToken ct)
        {
            var parser = new Parser(compilation, ct);
            var all = new List<RootRequest>(requests);
            List<ServiceEntry> serviceEntries = parser.ParseServices(services, all);
            var rootNodes = new List<(RootRequest Request, Node Node, TypeRef? Type)>(all.Count);
            foreach (RootRequest request in all)
            {
                var node = new Node();
                parser._owner = node;
                TypeRef? type = parser.Resolve(request.Type, null, request.Type.ToDisplayString());
                rootNodes.Add((request, node, type));
            }
            parser.AddConcreteCases(rootNodes);
            return parser.Judge(rootNodes, serviceEntries);
        }

        /// <summary>
        /// The concrete types of each polymorphic root become roots too, named where their base was: a value held as
        /// its base is often handed to a serializer as its runtime type (<c>Serialize(buffer, value, value.GetType())</c>, an
        /// engine's message or grain argument), which needs a formatter of that type. They were modelled with the base, so
        /// this adds registrations only, and a root they reach is judged with the base's diagnostics.
        /// </summary>
        private void AddConcreteCases(List<(RootRequest Request, Node Node, TypeRef? Type)> rootNodes)
        {
            var byId = new Dictionary<string, ITypeSymbol>(StringComparer.Ordinal);
            foreach (KeyValuePair<ITypeSymbol, Node> n in _objectNodes)
            {
                if (n.Value.Model != null && !byId.ContainsKey(n.Value.Model.Id)) byId[n.Value.Model.Id] = n.Key;
            }
            int count = rootNodes.Count;
            for (int i = 0; i < count; i++)
            {
                (RootRequest request, _, TypeRef? type) = rootNodes[i];
                if (type == null || type.Kind != TypeKind.Polymorphic || type.Cases.Count == 0) continue;
                foreach (PolyCase c in type.Cases)
                {
                    if (!byId.TryGetValue(c.ObjectId, out ITypeSymbol? symbol)) continue;
                    var node = new Node();
                    _owner = node;
                    TypeRef? caseType = Resolve(symbol, null, symbol.ToDisplayString());
                    rootNodes.Add((new RootRequest(symbol, request.Location, implied: true), node, caseType));
                }
            }
        }

        private ParsedRoots Judge(List<(RootRequest Request, Node Node, TypeRef? Type)> rootNodes, List<ServiceEntry> serviceEntries)
        {
            foreach (Node n in _objectNodes.Values)
            {
                if (n.Model == null) n.Failed = true;   // not modelled, reported or not
            }
            var all = new List<Node>(_objectNodes.Values);
            all.AddRange(rootNodes.Select(r => r.Node));
            foreach (ServiceEntry e in serviceEntries)
            {
                all.Add(e.Node);
                all.AddRange(e.MessageNodes);
            }
            Dictionary<Node, List<Node>> reachedBy = ReachedBy(all);
            HashSet<Node> failing = ReachingAny(all, reachedBy, n => n.Failed);
            HashSet<Node> preserving = ReachingAny(all, reachedBy, n => n.Model?.PreserveReferences == true);

            var roots = new List<TypeRef>();
            var rootSet = new HashSet<TypeRef>();
            var referenceRoots = new List<string>();
            var diagnostics = new List<DiagnosticInfo>();
            var seenDiagnostics = new HashSet<DiagnosticInfo>();
            var served = new List<Node>();
            var noted = new List<Node>();   // roots reported as errors: their types' infos are shown too
            foreach ((RootRequest request, Node node, TypeRef? type) in rootNodes)
            {
                if (failing.Contains(node) && request.Implied) continue;
                if (failing.Contains(node) && request.Optional)
                {
                    // Not an error: the other library serializes it. One info diagnostic says why Amber does not.
                    DiagnosticInfo? reason = DiagnosticsReachedFrom(node, null).FirstOrDefault();
                    if (reason == null) continue;
                    var left = new DiagnosticInfo(Diagnostics.LeftToOtherSerializer.Id, request.Location,
                        new[] { request.Type.ToDisplayString(), Diagnostics.MessageOf(reason) }.ToEquatableArray());
                    if (seenDiagnostics.Add(left)) diagnostics.Add(left);
                    continue;
                }
                if (failing.Contains(node))
                {
                    foreach (DiagnosticInfo d in DiagnosticsReachedFrom(node, request.Location))
                    {
                        if (seenDiagnostics.Add(d)) diagnostics.Add(d);
                    }
                    noted.Add(node);
                    continue;
                }
                if (type == null) continue;   // nothing to serve and nothing to say (an error type)
                served.Add(node);
                if (!rootSet.Add(type)) continue;
                roots.Add(type);
                if (preserving.Contains(node) && !referenceRoots.Contains(type.FullName)) referenceRoots.Add(type.FullName);
            }

            var services = new List<ServiceModel>();
            foreach (ServiceEntry e in serviceEntries)
            {
                if (failing.Contains(e.Node) || e.Model == null)
                {
                    foreach (DiagnosticInfo d in DiagnosticsReachedFrom(e.Node, e.Request.Location))
                    {
                        if (seenDiagnostics.Add(d)) diagnostics.Add(d);
                    }
                    noted.Add(e.Node);
                    continue;
                }
                services.Add(e.Model);
                served.Add(e.Node);
                foreach (TypeRef message in e.Messages)
                {
                    if (rootSet.Add(message)) roots.Add(message);
                }
            }

            var objects = new List<ObjectModel>();
            var visited = new HashSet<Node>(served);
            var stack = new Stack<Node>(served);
            while (stack.Count > 0)
            {
                Node n = stack.Pop();
                if (n.Model != null) objects.Add(n.Model);
                foreach (object item in n.Items)
                {
                    if (item is Edge edge && visited.Add(edge.Node)) stack.Push(edge.Node);
                }
            }
            AddInfos(served.Concat(noted), diagnostics, seenDiagnostics);
            return new ParsedRoots(roots, objects, diagnostics, referenceRoots, services);
        }

        /// <summary>For each node, the nodes that reach it directly.</summary>
        private static Dictionary<Node, List<Node>> ReachedBy(List<Node> all)
        {
            var reachedBy = new Dictionary<Node, List<Node>>();
            foreach (Node n in all)
            {
                foreach (object item in n.Items)
                {
                    if (item is not Edge { Node: var child }) continue;
                    if (!reachedBy.TryGetValue(child, out List<Node>? parents)) reachedBy[child] = parents = new List<Node>();
                    parents.Add(n);
                }
            }
            return reachedBy;
        }

        /// <summary>The nodes from which a node that <paramref name="marked"/> selects can be reached (those included).</summary>
        private static HashSet<Node> ReachingAny(List<Node> all, Dictionary<Node, List<Node>> reachedBy, Func<Node, bool> marked)
        {
            var result = new HashSet<Node>();
            var queue = new Queue<Node>();
            foreach (Node n in all)
            {
                if (marked(n) && result.Add(n)) queue.Enqueue(n);
            }
            while (queue.Count > 0)
            {
                if (!reachedBy.TryGetValue(queue.Dequeue(), out List<Node>? parents)) continue;
                foreach (Node p in parents)
                {
                    if (result.Add(p)) queue.Enqueue(p);
                }
            }
            return result;
        }

        /// <summary>
        /// The diagnostics of a node and of all it reaches, in the order a parse of that root alone reports them. One with no
        /// place of its own (it concerns a type from another assembly) is placed at the member in source that reaches it, or
        /// else at <paramref name="root"/>'s request (<paramref name="at"/>).
        /// </summary>
        private static List<DiagnosticInfo> DiagnosticsReachedFrom(Node root, LocationInfo? at)
        {
            var result = new List<DiagnosticInfo>();
            var visited = new HashSet<Node> { root };
            void Walk(Node n, LocationInfo? place)
            {
                foreach (object item in n.Items)
                {
                    if (item is DiagnosticInfo d) result.Add(d.Location == null && place != null ? d with { Location = place } : d);
                    else if (item is Edge edge && visited.Add(edge.Node)) Walk(edge.Node, edge.Via ?? place);
                }
            }
            Walk(root, at);
            return result;
        }

        /// <summary>The info diagnostics of every type the given roots reach, each once, after the errors.</summary>
        private static void AddInfos(IEnumerable<Node> roots, List<DiagnosticInfo> diagnostics, HashSet<DiagnosticInfo> seen)
        {
            var visited = new HashSet<Node>();
            var stack = new Stack<Node>();
            foreach (Node r in roots)
            {
                if (visited.Add(r)) stack.Push(r);
            }
            var found = new List<DiagnosticInfo>();
            while (stack.Count > 0)
            {
                Node n = stack.Pop();
                found.AddRange(n.Infos);
                foreach (object item in n.Items)
                {
                    if (item is Edge edge && visited.Add(edge.Node)) stack.Push(edge.Node);
                }
            }
            // In source order, so the list reads as the code does whatever order the roots came in.
            foreach (DiagnosticInfo d in found.OrderBy(d => d.Location?.FilePath, StringComparer.Ordinal).ThenBy(d => d.Location?.Start ?? -1))
            {
                if (seen.Add(d)) diagnostics.Add(d);
            }
        }
    }
}
