using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Amber.Fuzz.Models;
using Amber.Fuzz.Seeds;

// Every root model by name: the targets below go through generic plumbing, and the generator only
// serves types it sees at a concrete call site or named here.
[assembly: Amber.AmberSerializable(typeof(Scalars))]
[assembly: Amber.AmberSerializable(typeof(Collections))]
[assembly: Amber.AmberSerializable(typeof(Geometry))]
[assembly: Amber.AmberSerializable(typeof(Records))]
[assembly: Amber.AmberSerializable(typeof(Scene))]
[assembly: Amber.AmberSerializable(typeof(Generics))]
[assembly: Amber.AmberSerializable(typeof(Dynamic))]
[assembly: Amber.AmberSerializable(typeof(TreeNode))]
[assembly: Amber.AmberSerializable(typeof(Network))]
[assembly: Amber.AmberSerializable(typeof(Deep))]
[assembly: Amber.AmberSerializable(typeof(Shop))]
[assembly: Amber.AmberSerializable(typeof(Shape))]
[assembly: Amber.AmberSerializable(typeof(List<Shape>))]
[assembly: Amber.AmberSerializable(typeof(Dictionary<string, object>))]
[assembly: Amber.AmberSerializable(typeof(Vector3[]))]
// The relays of the Kept.* targets (Models/Relays.cs), read and written through KeptRelay's generic plumbing.
[assembly: Amber.AmberSerializable(typeof(SceneRelay))]
[assembly: Amber.AmberSerializable(typeof(CollectionsRelay))]
[assembly: Amber.AmberSerializable(typeof(GeometryRelay))]
[assembly: Amber.AmberSerializable(typeof(NetworkRelay))]

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// The root models. Each line names its type at every call site (seed writer and the four
    /// entry points), so the generated code serves exactly these types. Four have a relay (Kept.Scene, Kept.Collections,
    /// Kept.Geometry, Kept.Network: <see cref="KeptRelay"/>), which reads their payloads knowing only some members.
    /// </summary>
    public static class FuzzModels
    {
        public static IReadOnlyList<FuzzModel> All { get; } = new[]
        {
            new FuzzModel("Scalars", typeof(Scalars),
                (f, o) => AmberSerializer.Serialize<Scalars>(f.Scalars(), o),
                (s, o) => AmberSerializer.Deserialize<Scalars>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Scalars>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Scalars>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Scalars>(s, o),
                (b, o) => JsonViewEntry.Run<Scalars>(b, o)),
            new FuzzModel("Collections", typeof(Collections),
                (f, o) => AmberSerializer.Serialize<Collections>(f.Collections(), o),
                (s, o) => AmberSerializer.Deserialize<Collections>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Collections>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Collections>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Collections>(s, o),
                (b, o) => JsonViewEntry.Run<Collections>(b, o),
                (b, o) => KeptRelay.Run<CollectionsRelay, Collections>(b, o)),
            new FuzzModel("Geometry", typeof(Geometry),
                (f, o) => AmberSerializer.Serialize<Geometry>(f.Geometry(), o),
                (s, o) => AmberSerializer.Deserialize<Geometry>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Geometry>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Geometry>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Geometry>(s, o),
                (b, o) => JsonViewEntry.Run<Geometry>(b, o),
                (b, o) => KeptRelay.Run<GeometryRelay, Geometry>(b, o)),
            new FuzzModel("Records", typeof(Records),
                (f, o) => AmberSerializer.Serialize<Records>(f.Records(), o),
                (s, o) => AmberSerializer.Deserialize<Records>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Records>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Records>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Records>(s, o),
                (b, o) => JsonViewEntry.Run<Records>(b, o)),
            new FuzzModel("Scene", typeof(Scene),
                (f, o) => AmberSerializer.Serialize<Scene>(f.Scene(), o),
                (s, o) => AmberSerializer.Deserialize<Scene>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Scene>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Scene>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Scene>(s, o),
                (b, o) => JsonViewEntry.Run<Scene>(b, o),
                (b, o) => KeptRelay.Run<SceneRelay, Scene>(b, o)),
            new FuzzModel("Generics", typeof(Generics),
                (f, o) => AmberSerializer.Serialize<Generics>(f.Generics(), o),
                (s, o) => AmberSerializer.Deserialize<Generics>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Generics>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Generics>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Generics>(s, o),
                (b, o) => JsonViewEntry.Run<Generics>(b, o)),
            new FuzzModel("Dynamic", typeof(Dynamic),
                (f, o) => AmberSerializer.Serialize<Dynamic>(f.Dynamic(), o),
                (s, o) => AmberSerializer.Deserialize<Dynamic>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Dynamic>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Dynamic>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Dynamic>(s, o),
                (b, o) => JsonViewEntry.Run<Dynamic>(b, o)),
            new FuzzModel("TreeNode", typeof(TreeNode),
                (f, o) => AmberSerializer.Serialize<TreeNode>(f.Tree(), o),
                (s, o) => AmberSerializer.Deserialize<TreeNode>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<TreeNode>(in s, o),
                (s, o) => AmberSerializer.Deserialize<TreeNode>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<TreeNode>(s, o),
                (b, o) => JsonViewEntry.Run<TreeNode>(b, o)),
            new FuzzModel("Network", typeof(Network),
                (f, o) => AmberSerializer.Serialize<Network>(f.Network(), o),
                (s, o) => AmberSerializer.Deserialize<Network>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Network>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Network>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Network>(s, o),
                (b, o) => JsonViewEntry.Run<Network>(b, o),
                (b, o) => KeptRelay.Run<NetworkRelay, Network>(b, o)),
            new FuzzModel("Deep", typeof(Deep),
                (f, o) => AmberSerializer.Serialize<Deep>(f.Deep(), o),
                (s, o) => AmberSerializer.Deserialize<Deep>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Deep>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Deep>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Deep>(s, o),
                (b, o) => JsonViewEntry.Run<Deep>(b, o)),
            new FuzzModel("Shop", typeof(Shop),
                (f, o) => AmberSerializer.Serialize<Shop>(f.Shop(), o),
                (s, o) => AmberSerializer.Deserialize<Shop>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Shop>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Shop>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Shop>(s, o),
                (b, o) => JsonViewEntry.Run<Shop>(b, o, roundTrip: false)),   // Price: a hand-written formatter's, shown but not written back
            new FuzzModel("Shape", typeof(Shape),
                (f, o) => AmberSerializer.Serialize<Shape>(f.Shape(), o),
                (s, o) => AmberSerializer.Deserialize<Shape>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Shape>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Shape>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Shape>(s, o),
                (b, o) => JsonViewEntry.Run<Shape>(b, o)),
            new FuzzModel("ShapeList", typeof(List<Shape>),
                (f, o) => AmberSerializer.Serialize<List<Shape>>(f.Scene().Shapes!.ConvertAll(s => s ?? new Circle()), o),
                (s, o) => AmberSerializer.Deserialize<List<Shape>>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<List<Shape>>(in s, o),
                (s, o) => AmberSerializer.Deserialize<List<Shape>>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<List<Shape>>(s, o),
                (b, o) => JsonViewEntry.Run<List<Shape>>(b, o)),
            new FuzzModel("Variables", typeof(Dictionary<string, object>),
                (f, o) => AmberSerializer.Serialize<Dictionary<string, object>>(f.Dynamic().Variables!.Where(kv => kv.Value != null).ToDictionary(kv => kv.Key, kv => kv.Value!), o),
                (s, o) => AmberSerializer.Deserialize<Dictionary<string, object>>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Dictionary<string, object>>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Dictionary<string, object>>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Dictionary<string, object>>(s, o),
                (b, o) => JsonViewEntry.Run<Dictionary<string, object>>(b, o)),
            new FuzzModel("Vector3Rows", typeof(Vector3[]),
                (f, o) => AmberSerializer.Serialize<Vector3[]>(f.Geometry().Vertices!, o),
                (s, o) => AmberSerializer.Deserialize<Vector3[]>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<Vector3[]>(in s, o),
                (s, o) => AmberSerializer.Deserialize<Vector3[]>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<Vector3[]>(s, o),
                (b, o) => JsonViewEntry.Run<Vector3[]>(b, o)),
            new FuzzModel("Object", typeof(object),
                (f, o) => AmberSerializer.Serialize<object>(f.AnyObject() ?? 1, o),
                (s, o) => AmberSerializer.Deserialize<object>(s, o),
                (in ReadOnlySequence<byte> s, AmberOptions? o) => AmberSerializer.Deserialize<object>(in s, o),
                (s, o) => AmberSerializer.Deserialize<object>(s, o),
                async (s, o) => await AmberSerializer.DeserializeAsync<object>(s, o),
                (b, o) => JsonViewEntry.Run<object>(b, o)),
            FuzzModel.ForConnection(),   // Traffic.connection: the types above, one message each in turn, on one connection
        };
    }
}
