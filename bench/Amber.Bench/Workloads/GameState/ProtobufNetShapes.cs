using System;
using System.Collections.Generic;
using MessagePack;
using ProtoBuf;

namespace Amber.Bench.Workloads.Game
{
    // protobuf-net's shape for the gamestate's script variables. protobuf-net has no representation
    // for a member declared as object (it cannot be given a surrogate either: "You cannot reconfigure
    // System.Object"), so a protobuf-net user gives each Dictionary<string, object> a private shadow
    // member that protobuf-net writes instead: a map from the same keys to ScriptValue, a message with
    // one field per value type the scripts store (the C# shape of a proto "oneof"). The public
    // dictionaries carry no [ProtoMember]; the shadow members take their field numbers. Private
    // members without an opt-in are invisible to the other serializers (Amber, MemoryPack, Orleans,
    // Nerdbank.MessagePack, System.Text.Json, Newtonsoft.Json) except MessagePack, whose resolvers
    // that allow private members (for BookShelf's Secret) are told to leave these out with [IgnoreMember].

    /// <summary>One script variable as protobuf-net writes it: exactly one of the four fields is set.</summary>
    [ProtoContract]
    public sealed class ScriptValue
    {
        [ProtoMember(1)]
        public long? Long { get; set; }

        [ProtoMember(2)]
        public double? Double { get; set; }

        [ProtoMember(3)]
        public string? String { get; set; }

        [ProtoMember(4)]
        public bool? Bool { get; set; }

        public static ScriptValue From(object value) => value switch
        {
            long l => new ScriptValue { Long = l },
            double d => new ScriptValue { Double = d },
            string s => new ScriptValue { String = s },
            bool b => new ScriptValue { Bool = b },
            _ => throw new NotSupportedException($"A script variable holds a {value?.GetType().Name ?? "null"}; only long, double, string and bool are stored."),
        };

        public object ToObject() => Long ?? Double ?? Bool ?? (object?)String
            ?? throw new InvalidOperationException("A ScriptValue with no field set.");

        /// <summary>The shadow's getter: null for no variables (nothing written), else the values converted.</summary>
        internal static Dictionary<string, ScriptValue>? ToProto(Dictionary<string, object> variables)
        {
            if (variables.Count == 0) return null;
            var proto = new Dictionary<string, ScriptValue>(variables.Count);
            foreach (KeyValuePair<string, object> kv in variables) proto.Add(kv.Key, From(kv.Value));
            return proto;
        }

        /// <summary>The shadow's setter: protobuf-net hands over the map it read.</summary>
        internal static Dictionary<string, object> FromProto(Dictionary<string, ScriptValue>? proto)
        {
            var variables = new Dictionary<string, object>(proto?.Count ?? 0);
            if (proto != null)
            {
                foreach (KeyValuePair<string, ScriptValue> kv in proto) variables.Add(kv.Key, kv.Value.ToObject());
            }
            return variables;
        }
    }

    public partial class Room
    {
        [ProtoMember(13)]
        [IgnoreMember]
        private Dictionary<string, ScriptValue>? VariablesProto
        {
            get => ScriptValue.ToProto(Variables);
            set => Variables = ScriptValue.FromProto(value);
        }
    }

    public partial class GameCharacter
    {
        [ProtoMember(19)]
        [IgnoreMember]
        private Dictionary<string, ScriptValue>? MemoryProto
        {
            get => ScriptValue.ToProto(Memory);
            set => Memory = ScriptValue.FromProto(value);
        }
    }

    public partial class GameState
    {
        [ProtoMember(12)]
        [IgnoreMember]
        private Dictionary<string, ScriptValue>? VariablesProto
        {
            get => ScriptValue.ToProto(Variables);
            set => Variables = ScriptValue.FromProto(value);
        }
    }
}
