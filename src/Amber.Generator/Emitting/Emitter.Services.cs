using System.Collections.Generic;
using System.Linq;
using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>
    /// A service contract's generated class: an Amber.Services.AmberService with one method description per contract
    /// method, the binding that calls an implementation (server side), the client that calls through an invoker, and
    /// the generated request and response types (their codecs are emitted with the other object types).
    /// </summary>
    internal static partial class Emitter
    {
        private const string Services = "global::Amber.Services.";
        private const string Streams = Services + "AmberServiceStreams.";

        /// <summary>The generated class of a contract.</summary>
        public static string ServiceName(string id) => "AmberService_" + id;

        public static string EmitService(ServiceModel service)
        {
            var sw = new SourceWriter();
            sw.Lines(Header);
            using (sw.Block("namespace Amber.Generated"))
            {
                sw.Line($"/// <summary>The Amber service of {EscapeXml(Plain(service.ContractFullName))}: its remote calls, their binding and its client.</summary>");
                using (sw.Block($"internal sealed class {ServiceName(service.Id)} : {Services}AmberService"))
                {
                    for (int i = 0; i < service.Methods.Count; i++)
                    {
                        ServiceMethodModel m = service.Methods[i];
                        sw.Line($"private static readonly {Services}AmberServiceMethod M{Int(i)} = new {Services}AmberServiceMethod({Quote(service.ServiceName)}, {Quote(m.Name)}, {Services}AmberCallKind.{m.Kind}, typeof({m.RequestType}), typeof({m.ResponseType}));");
                    }
                    sw.Line($"private static readonly {Services}AmberServiceMethod[] s_methods = {{ {string.Join(", ", service.Methods.Select((_, i) => "M" + Int(i)))} }};");
                    sw.Line();
                    sw.Line($"public {ServiceName(service.Id)}() : base(typeof({service.ContractFullName}), {Quote(service.ServiceName)}) {{ }}");
                    sw.Line();
                    sw.Line($"public override global::System.Collections.Generic.IReadOnlyList<{Services}AmberServiceMethod> Methods => s_methods;");
                    sw.Line();
                    using (sw.Block($"public override void Bind({Services}IAmberServiceBinder b)"))
                    {
                        for (int i = 0; i < service.Methods.Count; i++) EmitBinding(sw, service.Methods[i], i);
                    }
                    sw.Line();
                    sw.Line($"public override object CreateClient({Services}IAmberServiceInvoker invoker) => new AmberClient(invoker);");
                    sw.Line();
                    EmitClient(sw, service);
                    foreach (ServiceMethodModel m in service.Methods) EmitMessages(sw, m);
                }
            }
            return sw.ToString();
        }

        /// <summary>The server side of one method: the binder's call with a handler that calls the implementation.</summary>
        private static void EmitBinding(SourceWriter sw, ServiceMethodModel m, int index)
        {
            var args = new List<string>();
            foreach (ServiceParameter p in m.Parameters)
            {
                args.Add(p.Role switch
                {
                    ServiceParameterRole.CancellationToken => "c.CancellationToken",
                    ServiceParameterRole.CallContext => "c",
                    _ => m.Kind is ServiceCallKind.ClientStreaming or ServiceCallKind.DuplexStreaming
                        ? (m.ItemWrapped ? $"{Streams}Select(r, static amberItem => amberItem.value)" : "r")
                        : (m.RequestPacked ? "r." + p.Name : "r"),
                });
            }
            string call = $"(({m.DeclaringContract})s).{m.Name}({string.Join(", ", args)})";
            string body = m.Result switch
            {
                ServiceResult.Task => $"{Streams}Then({call}, new {m.ResponseType}())",
                ServiceResult.ValueTask => $"{Streams}Then({call}.AsTask(), new {m.ResponseType}())",
                ServiceResult.TaskOf => m.ResponseWrapped ? $"{Streams}Then({call}, static amberValue => new {m.ResponseType} {{ value = amberValue }})" : call,
                ServiceResult.ValueTaskOf => m.ResponseWrapped ? $"{Streams}Then({call}.AsTask(), static amberValue => new {m.ResponseType} {{ value = amberValue }})" : call + ".AsTask()",
                _ => m.ResponseWrapped ? $"{Streams}Select({call}, static amberValue => new {m.ResponseType} {{ value = amberValue }})" : call,
            };
            sw.Line($"b.{m.Kind}<{m.RequestType}, {m.ResponseType}>(M{Int(index)}, static (s, r, c) => {body});");
        }

        /// <summary>The client: each contract method, implemented explicitly, calls through the invoker.</summary>
        private static void EmitClient(SourceWriter sw, ServiceModel service)
        {
            sw.Line("/// <summary>The contract's client: each call goes through the transport's invoker.</summary>");
            using (sw.Block($"private sealed class AmberClient : {service.ContractFullName}"))
            {
                sw.Line($"private readonly {Services}IAmberServiceInvoker _i;");
                sw.Line();
                sw.Line($"public AmberClient({Services}IAmberServiceInvoker invoker) {{ _i = invoker; }}");
                for (int i = 0; i < service.Methods.Count; i++)
                {
                    ServiceMethodModel m = service.Methods[i];
                    string parameters = string.Join(", ", m.Parameters.Select(p => p.TypeFullName + " " + p.Name));
                    ServiceParameter? context = m.Parameters.FirstOrDefault(p => p.Role != ServiceParameterRole.Data);
                    string contextExpr = context == null ? "default"
                        : context.Role == ServiceParameterRole.CallContext ? context.Name
                        : $"new {Services}AmberCallContext({context.Name})";
                    List<ServiceParameter> data = m.Parameters.Where(p => p.Role == ServiceParameterRole.Data).ToList();
                    string request;
                    if (m.Kind is ServiceCallKind.ClientStreaming or ServiceCallKind.DuplexStreaming)
                    {
                        request = m.ItemWrapped ? $"{Streams}Select({data[0].Name}, static amberValue => new {m.RequestType} {{ value = amberValue }})" : data[0].Name;
                    }
                    else
                    {
                        request = !m.RequestPacked ? data[0].Name
                            : data.Count == 0 ? $"new {m.RequestType}()"
                            : $"new {m.RequestType} {{ {string.Join(", ", data.Select(p => p.Name + " = " + p.Name))} }}";
                    }
                    string invoke = m.Kind switch
                    {
                        ServiceCallKind.Unary => "UnaryAsync",
                        ServiceCallKind.ServerStreaming => "ServerStreaming",
                        ServiceCallKind.ClientStreaming => "ClientStreamingAsync",
                        _ => "DuplexStreaming",
                    };
                    string call = $"this._i.{invoke}<{m.RequestType}, {m.ResponseType}>(M{Int(i)}, {request}, {contextExpr})";
                    string unwrapped = m.ResponseWrapped && m.ResultType != null
                        ? (m.Result == ServiceResult.AsyncEnumerable ? $"{Streams}Select({call}, static amberItem => amberItem.value)" : $"{Streams}Then({call}, static amberItem => amberItem.value)")
                        : call;
                    (string returnType, string body) = m.Result switch
                    {
                        ServiceResult.Task => ("global::System.Threading.Tasks.Task", call),
                        ServiceResult.ValueTask => ("global::System.Threading.Tasks.ValueTask", $"new global::System.Threading.Tasks.ValueTask({call})"),
                        ServiceResult.TaskOf => ($"global::System.Threading.Tasks.Task<{m.ResultType}>", unwrapped),
                        ServiceResult.ValueTaskOf => ($"global::System.Threading.Tasks.ValueTask<{m.ResultType}>", $"new global::System.Threading.Tasks.ValueTask<{m.ResultType}>({unwrapped})"),
                        _ => ($"global::System.Collections.Generic.IAsyncEnumerable<{m.ResultType}>", unwrapped),
                    };
                    sw.Line();
                    sw.Line($"{returnType} {m.DeclaringContract}.{m.Name}({parameters}) => {body};");
                }
            }
        }

        /// <summary>A method's generated message types: its packed request, its wrapped items and results.</summary>
        private static void EmitMessages(SourceWriter sw, ServiceMethodModel m)
        {
            if (m.RequestPacked) EmitMessage(sw, m.RequestType, $"The parameters of {m.Name}, as one request.", m.RequestFields);
            if (m.ItemWrapped) EmitMessage(sw, m.RequestType, $"One streamed argument of {m.Name}.", m.RequestFields);
            if (m.ResponseWrapped)
            {
                EmitMessage(sw, m.ResponseType, m.ResultType == null ? $"The completion of {m.Name}." : $"The result of {m.Name}.",
                    m.ResultType == null ? System.Array.Empty<string>() : new[] { m.ResultType + " value" });
            }
        }

        private static void EmitMessage(SourceWriter sw, string fullName, string summary, IEnumerable<string> fields)
        {
            sw.Line();
            sw.Line($"/// <summary>{EscapeXml(summary)}</summary>");
            using (sw.Block($"internal sealed class {fullName.Substring(fullName.LastIndexOf('.') + 1)}"))
            {
                foreach (string field in fields) sw.Line($"public {field};");
            }
        }
    }
}
