using System;
using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;
using Microsoft.CodeAnalysis;
using TypeKind = Amber.Generator.Model.TypeKind;

namespace Amber.Generator.Parsing
{
    /// <summary>
    /// Service contracts: an interface whose methods are remote calls. Each method's parameters and result are read
    /// into the messages that travel (the single reference-type parameter or result as itself, anything else packed
    /// into a generated request or response type), and those messages are modelled like any root. A contract with a
    /// method that cannot be a remote call is reported (AMB014) and not served at all: its client must implement every
    /// method.
    /// </summary>
    internal sealed partial class Parser
    {
        /// <summary>The namespace and class generated code keeps a contract's service in.</summary>
        private const string GeneratedNamespace = "global::Amber.Generated.";

        /// <summary>A contract being modelled: where it was named, its node, its model, and the generated message types it needs.</summary>
        private sealed class ServiceEntry
        {
            public ServiceEntry(RootRequest request, Node node)
            {
                Request = request;
                Node = node;
            }

            public RootRequest Request { get; }

            public Node Node { get; }

            public ServiceModel? Model { get; set; }

            /// <summary>The generated request and response types, served with the contract.</summary>
            public List<TypeRef> Messages { get; } = new List<TypeRef>();

            /// <summary>The nodes of those generated types (no symbol behind them, so not among the parser's object nodes).</summary>
            public List<Node> MessageNodes { get; } = new List<Node>();
        }

        /// <summary>
        /// The contracts a service request names: the interface itself, or each contract interface a class implements
        /// (reported when there is none). Contracts named twice are modelled once; message types that are the user's own
        /// become roots in <paramref name="messageRoots"/>.
        /// </summary>
        private List<ServiceEntry> ParseServices(IReadOnlyList<RootRequest> requests, List<RootRequest> messageRoots)
        {
            var entries = new List<ServiceEntry>();
            var seen = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
            foreach (RootRequest request in requests)
            {
                var node = new Node();
                _owner = node;
                List<INamedTypeSymbol>? contracts = ContractsOf(request.Type);
                if (contracts == null)
                {
                    entries.Add(new ServiceEntry(request, node));   // reported: judged as failing
                    continue;
                }
                foreach (INamedTypeSymbol contract in contracts)
                {
                    if (!seen.Add(contract)) continue;
                    var entry = new ServiceEntry(request, new Node());
                    _owner = entry.Node;
                    entry.Model = ModelService(contract, entry, messageRoots);
                    if (entry.Model == null) entry.Node.Failed = true;
                    entries.Add(entry);
                }
            }
            return entries;
        }

        /// <summary>The contract interfaces of a type named as a service, or null (reported) when it has none.</summary>
        private List<INamedTypeSymbol>? ContractsOf(ITypeSymbol type)
        {
            string display = type.ToDisplayString();
            if (type is INamedTypeSymbol { TypeKind: Microsoft.CodeAnalysis.TypeKind.Interface } contract) return new List<INamedTypeSymbol> { contract };
            if (type is not INamedTypeSymbol { TypeKind: Microsoft.CodeAnalysis.TypeKind.Class } named)
            {
                Report(Diagnostics.NoServiceContract, null, display, "only an interface, or a class implementing one, can be a service", "declare the service's methods on an interface, implement it in a class, and name the interface (a client) or the class (a server)");
                return null;
            }
            List<INamedTypeSymbol> found = named.AllInterfaces.Where(IsContractShaped).ToList();
            if (found.Count == 0)
            {
                Report(Diagnostics.NoServiceContract, null, display, "it implements no interface whose methods all return Task, ValueTask or IAsyncEnumerable<T>", "declare the service's methods on an interface returning Task<T> (one result) or IAsyncEnumerable<T> (a stream), and implement it");
                return null;
            }
            return found;
        }

        /// <summary>Whether an interface a service class implements is a contract: the user's, with methods that all return a task or an async stream.</summary>
        private bool IsContractShaped(INamedTypeSymbol i)
        {
            string ns = i.ContainingNamespace?.ToDisplayString() ?? "";
            if (ns == "System" || ns.StartsWith("System.", StringComparison.Ordinal) || ns == "Microsoft" || ns.StartsWith("Microsoft.", StringComparison.Ordinal)) return false;
            var methods = i.GetMembers().OfType<IMethodSymbol>().Where(m => m.MethodKind == MethodKind.Ordinary && m.IsAbstract && !m.IsStatic).ToList();
            return methods.Count > 0 && methods.All(m => ResultOf(m.ReturnType, out _) != null);
        }

        /// <summary>A contract's model, or null (reported) when any of its members cannot be a remote call.</summary>
        private ServiceModel? ModelService(INamedTypeSymbol contract, ServiceEntry entry, List<RootRequest> messageRoots)
        {
            string contractDisplay = contract.ToDisplayString();
            if (!CheckAccessible(contract, null)) return null;
            string id = MakeId(contract);
            string serviceClass = GeneratedNamespace + "AmberService_" + id;
            var methods = new List<ServiceMethodModel>();
            var names = new HashSet<string>(StringComparer.Ordinal);
            bool ok = true;
            foreach (INamedTypeSymbol declaring in new[] { contract }.Concat(contract.AllInterfaces))
            {
                foreach (ISymbol member in declaring.GetMembers())
                {
                    if (member.IsStatic || !member.IsAbstract) continue;
                    if (member is IPropertySymbol or IEventSymbol)
                    {
                        Report(Diagnostics.BadServiceMethod, member, member.Name, contractDisplay, "a contract has methods only, and a " + (member is IPropertySymbol ? "property" : "event") + " is not one", "make it a method returning Task<T>, or move it off the contract");
                        ok = false;
                        continue;
                    }
                    if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary } method) continue;
                    if (!names.Add(method.Name))
                    {
                        Report(Diagnostics.BadServiceMethod, method, method.Name, contractDisplay, "another method of the contract has that name, and a remote call is found by its name", "give each method its own name");
                        ok = false;
                        continue;
                    }
                    ServiceMethodModel? model = ModelServiceMethod(contractDisplay, serviceClass, declaring, method, entry, messageRoots);
                    if (model == null) ok = false;
                    else methods.Add(model);
                }
            }
            if (!ok) return null;
            if (methods.Count == 0)
            {
                Report(Diagnostics.NoServiceContract, contract, contractDisplay, "it declares no methods", "declare the remote calls as methods returning Task<T> or IAsyncEnumerable<T>");
                return null;
            }
            return new ServiceModel(id, FullName(contract), ServiceNameOf(contract), methods.ToEquatableArray());
        }

        /// <summary>The name the service travels by: [AmberService(Name = …)], else the namespace and the name without the I of IOrders.</summary>
        private string ServiceNameOf(INamedTypeSymbol contract)
        {
            AttributeData? marker = contract.GetAttributes().FirstOrDefault(a => KnownSymbols.IsAttribute(a, _known.AmberServiceAttribute));
            if (marker != null)
            {
                foreach (KeyValuePair<string, TypedConstant> named in marker.NamedArguments)
                {
                    if (named.Key == "Name" && named.Value.Value is string set && set.Length > 0) return set;
                }
            }
            string name = contract.Name.Length > 1 && contract.Name[0] == 'I' && char.IsUpper(contract.Name[1]) ? contract.Name.Substring(1) : contract.Name;
            if (contract.TypeArguments.Length > 0) name += "_" + string.Join("_", contract.TypeArguments.Select(t => t.Name));
            string ns = contract.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() + "." : "";
            return ns + name;
        }

        /// <summary>What a method returns, and the type it results in (T of Task&lt;T&gt; and of IAsyncEnumerable&lt;T&gt;); null if it is not a remote call's result.</summary>
        private ServiceResult? ResultOf(ITypeSymbol type, out ITypeSymbol? result)
        {
            result = null;
            if (type is not INamedTypeSymbol named) return null;
            if (KnownSymbols.Is(named, _known.Task) && !named.IsGenericType) return ServiceResult.Task;
            if (KnownSymbols.Is(named, _known.ValueTask) && !named.IsGenericType) return ServiceResult.ValueTask;
            if (named.TypeArguments.Length != 1) return null;
            result = named.TypeArguments[0];
            if (KnownSymbols.Is(named, _known.TaskOf)) return ServiceResult.TaskOf;
            if (KnownSymbols.Is(named, _known.ValueTaskOf)) return ServiceResult.ValueTaskOf;
            if (KnownSymbols.Is(named, _known.IAsyncEnumerable)) return ServiceResult.AsyncEnumerable;
            result = null;
            return null;
        }

        /// <summary>A contract method's model, or null (reported) when it cannot be a remote call.</summary>
        private ServiceMethodModel? ModelServiceMethod(string contractDisplay, string serviceClass, INamedTypeSymbol declaring, IMethodSymbol method, ServiceEntry entry, List<RootRequest> messageRoots)
        {
            string display = contractDisplay + "." + method.Name;
            bool Fail(string why, string fix)
            {
                Report(Diagnostics.BadServiceMethod, method, method.Name, contractDisplay, why, fix);
                return false;
            }

            if (method.IsGenericMethod)
            {
                Fail("it is generic, and the types of a remote call are fixed when the service is built", "declare one method per type, or take a base class or interface whose implementations Amber serves (it writes each value's type tag)");
                return null;
            }
            ServiceResult? result = ResultOf(method.ReturnType, out ITypeSymbol? resultType);
            if (result == null)
            {
                Fail("it returns '" + method.ReturnType.ToDisplayString() + "', and a remote call completes later", "return Task, Task<T>, ValueTask, ValueTask<T>, or IAsyncEnumerable<T> for a stream of results");
                return null;
            }

            var parameters = new List<ServiceParameter>();
            var data = new List<IParameterSymbol>();
            bool ok = true, hasContext = false;
            foreach (IParameterSymbol p in method.Parameters)
            {
                if (p.RefKind != RefKind.None)
                {
                    ok = Fail("its parameter '" + p.Name + "' is passed by reference, and a remote call copies its arguments", "pass it by value, and return what the caller needs in the result");
                    continue;
                }
                ServiceParameterRole role = KnownSymbols.Is(p.Type, _known.CancellationToken) ? ServiceParameterRole.CancellationToken
                    : KnownSymbols.Is(p.Type, _known.AmberCallContext) ? ServiceParameterRole.CallContext
                    : ServiceParameterRole.Data;
                if (role != ServiceParameterRole.Data)
                {
                    if (hasContext) ok = Fail("it has two parameters for the call itself (a CancellationToken or an AmberCallContext)", "keep one: AmberCallContext carries the cancellation too");
                    hasContext = true;
                }
                else
                {
                    data.Add(p);
                }
                parameters.Add(new ServiceParameter(EscapeName(p.Name), p.Type.ToDisplayString(s_fullName), role));
            }
            if (!ok) return null;

            IParameterSymbol? streamed = data.FirstOrDefault(p => KnownSymbols.Is(p.Type, _known.IAsyncEnumerable));
            if (streamed != null && data.Count > 1)
            {
                Fail("it takes a stream and other data, and a streamed call sends its items only", "send the other values in the items (or in a first item), or as request headers through AmberCallContext");
                return null;
            }
            ServiceCallKind kind = streamed != null
                ? (result == ServiceResult.AsyncEnumerable ? ServiceCallKind.DuplexStreaming : ServiceCallKind.ClientStreaming)
                : (result == ServiceResult.AsyncEnumerable ? ServiceCallKind.ServerStreaming : ServiceCallKind.Unary);

            string name = method.Name;
            string requestType;
            bool packed = false, itemWrapped = false;
            var fields = new List<string>();
            if (streamed != null)
            {
                ITypeSymbol item = ((INamedTypeSymbol)streamed.Type).TypeArguments[0];
                string? travels = TravelType(item, streamed, display + "(" + streamed.Name + ")", serviceClass, name + "_Item", entry, messageRoots, fields);
                if (travels == null) return null;
                requestType = travels;
                itemWrapped = fields.Count > 0;
            }
            else
            {
                var members = new List<(string Name, TypeRef Type, IParameterSymbol? Parameter)>();
                foreach (IParameterSymbol p in data)
                {
                    TypeRef? t = Resolve(p.Type, p, display + "(" + p.Name + ")");
                    if (t == null) { ok = false; continue; }
                    members.Add((p.Name, t, p));
                }
                if (!ok) return null;
                if (data.Count == 1 && IsBareMessage(data[0].Type, members[0].Type))
                {
                    requestType = FullName(data[0].Type);
                    messageRoots.Add(new RootRequest(data[0].Type, entry.Request.Location));
                }
                else
                {
                    packed = true;
                    requestType = serviceClass + "." + name + "_Request";
                    fields.AddRange(AddGeneratedMessage(entry, requestType, name + "_Request", members));
                }
            }

            string responseType;
            bool responseWrapped = false;
            if (resultType != null)
            {
                var wrapper = new List<string>();
                string? travels = TravelType(resultType, method, display + " result", serviceClass, name + "_Response", entry, messageRoots, wrapper);
                if (travels == null) return null;
                responseType = travels;
                responseWrapped = wrapper.Count > 0;
            }
            else
            {
                responseWrapped = true;
                responseType = serviceClass + "." + name + "_Response";
                AddGeneratedMessage(entry, responseType, name + "_Response", Array.Empty<(string, TypeRef, IParameterSymbol?)>());
            }

            return new ServiceMethodModel(name, FullName(declaring), kind, parameters.ToEquatableArray(), result.Value,
                resultType == null ? null : resultType.ToDisplayString(s_fullName), requestType, packed, itemWrapped, responseType, responseWrapped,
                fields.ToEquatableArray());
        }

        /// <summary>
        /// The type a streamed item or a result travels as: itself (a root), or the generated <paramref name="wrapper"/> of
        /// the service class holding it as <c>value</c> (its field's declaration is added to <paramref name="wrapperFields"/>);
        /// null (reported) when Amber cannot serve it.
        /// </summary>
        private string? TravelType(ITypeSymbol type, ISymbol at, string display, string serviceClass, string wrapper, ServiceEntry entry, List<RootRequest> messageRoots, List<string> wrapperFields)
        {
            TypeRef? t = Resolve(type, at, display);
            if (t == null) return null;
            if (IsBareMessage(type, t))
            {
                messageRoots.Add(new RootRequest(type, entry.Request.Location));
                return FullName(type);
            }
            string fullName = serviceClass + "." + wrapper;
            wrapperFields.AddRange(AddGeneratedMessage(entry, fullName, wrapper, new[] { ("value", t, (IParameterSymbol?)null) }));
            return fullName;
        }

        /// <summary>Whether a value travels as itself: a gRPC-style message is a reference type; a scalar (string included) is packed or wrapped, so it can grow members later.</summary>
        private static bool IsBareMessage(ITypeSymbol type, TypeRef t) =>
            !type.IsValueType && t.Kind != TypeKind.Scalar && t.Kind != TypeKind.Surrogate && t.Kind != TypeKind.Custom && t.Kind != TypeKind.Dynamic;

        /// <summary>
        /// A generated message type (a packed request, or a wrapped result or item): a sealed class with one public field per
        /// member, modelled as an object reached by the contract and served with it. Returns each field's declaration.
        /// </summary>
        private List<string> AddGeneratedMessage(ServiceEntry entry, string fullName, string display, IEnumerable<(string Name, TypeRef Type, IParameterSymbol? Parameter)> members)
        {
            var models = new List<MemberModel>();
            var fields = new List<string>();
            foreach ((string name, TypeRef t, IParameterSymbol? p) in members)
            {
                bool canSkip = t.Kind != TypeKind.Object && t.Kind != TypeKind.Surrogate && t.Kind != TypeKind.Custom;
                string declaration = t.FullName + " " + EscapeName(name);
                if (p != null && p.HasExplicitDefaultValue && p.ExplicitDefaultValue != null)
                {
                    // A parameter added with a default value keeps it when an older caller does not send it.
                    declaration += " = " + DefaultLiteral(p, t);
                    if (t.Kind == TypeKind.Nullable || !IsZero(p.ExplicitDefaultValue)) canSkip = false;
                }
                if (t.Kind == TypeKind.Nullable && t.Element!.Kind == TypeKind.Object) canSkip = true;
                if (t.Kind == TypeKind.Object && t.IsValueType) canSkip = false;
                fields.Add(declaration);
                models.Add(new MemberModel(EscapeName(name), name, AmberCode.KeyOf(name), AmberCode.TypeTagOf(name), EquatableArray<int>.Empty,
                    t, AssignKind.Setter, -1, canSkip, null, Nullability: p != null ? NullabilityOf(p.Type, t) : ObliviousNullability(t)));
            }
            string id = MakeId(fullName);
            var model = new ObjectModel(id, fullName, display, IsValueType: false, HasParameterlessConstructor: true, CtorParameterCount: 0,
                AnyRequired: false, Members: models.ToEquatableArray(), TypeTag: AmberCode.TypeTagOf(fullName.Replace("global::", "")));
            var node = new Node { Model = model };
            Reach(node);
            entry.MessageNodes.Add(node);
            entry.Messages.Add(new TypeRef(fullName, TypeKind.Object, false, ObjectId: id, WireType: WireType.Object));
            return fields;
        }
    }
}
