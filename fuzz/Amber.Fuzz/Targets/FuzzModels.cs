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

namespace Amber.Fuzz.Targets
{
    /// <summary>
    /// The root models. Each line names its type at every call site (seed writer and the four
    /// entry points), so the generated code serves exactly these types.
    /// </summary>
    public static class FuzzModels
    {
        public static IReadOnlyList<FuzzModel> All { get; } = new[]
        {
            new FuzzModel("Scalars",
                (f, o) => AmberSerializer.Serialize<Scalars>(f.Scalars(), o),
                s => AmberSerializer.Deserialize<Scalars>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Scalars>(in s),
                s => AmberSerializer.Deserialize<Scalars>(s),
                async s => await AmberSerializer.DeserializeAsync<Scalars>(s)),
            new FuzzModel("Collections",
                (f, o) => AmberSerializer.Serialize<Collections>(f.Collections(), o),
                s => AmberSerializer.Deserialize<Collections>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Collections>(in s),
                s => AmberSerializer.Deserialize<Collections>(s),
                async s => await AmberSerializer.DeserializeAsync<Collections>(s)),
            new FuzzModel("Geometry",
                (f, o) => AmberSerializer.Serialize<Geometry>(f.Geometry(), o),
                s => AmberSerializer.Deserialize<Geometry>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Geometry>(in s),
                s => AmberSerializer.Deserialize<Geometry>(s),
                async s => await AmberSerializer.DeserializeAsync<Geometry>(s)),
            new FuzzModel("Records",
                (f, o) => AmberSerializer.Serialize<Records>(f.Records(), o),
                s => AmberSerializer.Deserialize<Records>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Records>(in s),
                s => AmberSerializer.Deserialize<Records>(s),
                async s => await AmberSerializer.DeserializeAsync<Records>(s)),
            new FuzzModel("Scene",
                (f, o) => AmberSerializer.Serialize<Scene>(f.Scene(), o),
                s => AmberSerializer.Deserialize<Scene>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Scene>(in s),
                s => AmberSerializer.Deserialize<Scene>(s),
                async s => await AmberSerializer.DeserializeAsync<Scene>(s)),
            new FuzzModel("Generics",
                (f, o) => AmberSerializer.Serialize<Generics>(f.Generics(), o),
                s => AmberSerializer.Deserialize<Generics>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Generics>(in s),
                s => AmberSerializer.Deserialize<Generics>(s),
                async s => await AmberSerializer.DeserializeAsync<Generics>(s)),
            new FuzzModel("Dynamic",
                (f, o) => AmberSerializer.Serialize<Dynamic>(f.Dynamic(), o),
                s => AmberSerializer.Deserialize<Dynamic>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Dynamic>(in s),
                s => AmberSerializer.Deserialize<Dynamic>(s),
                async s => await AmberSerializer.DeserializeAsync<Dynamic>(s)),
            new FuzzModel("TreeNode",
                (f, o) => AmberSerializer.Serialize<TreeNode>(f.Tree(), o),
                s => AmberSerializer.Deserialize<TreeNode>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<TreeNode>(in s),
                s => AmberSerializer.Deserialize<TreeNode>(s),
                async s => await AmberSerializer.DeserializeAsync<TreeNode>(s)),
            new FuzzModel("Network",
                (f, o) => AmberSerializer.Serialize<Network>(f.Network(), o),
                s => AmberSerializer.Deserialize<Network>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Network>(in s),
                s => AmberSerializer.Deserialize<Network>(s),
                async s => await AmberSerializer.DeserializeAsync<Network>(s)),
            new FuzzModel("Deep",
                (f, o) => AmberSerializer.Serialize<Deep>(f.Deep(), o),
                s => AmberSerializer.Deserialize<Deep>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Deep>(in s),
                s => AmberSerializer.Deserialize<Deep>(s),
                async s => await AmberSerializer.DeserializeAsync<Deep>(s)),
            new FuzzModel("Shop",
                (f, o) => AmberSerializer.Serialize<Shop>(f.Shop(), o),
                s => AmberSerializer.Deserialize<Shop>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Shop>(in s),
                s => AmberSerializer.Deserialize<Shop>(s),
                async s => await AmberSerializer.DeserializeAsync<Shop>(s)),
            new FuzzModel("Shape",
                (f, o) => AmberSerializer.Serialize<Shape>(f.Shape(), o),
                s => AmberSerializer.Deserialize<Shape>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Shape>(in s),
                s => AmberSerializer.Deserialize<Shape>(s),
                async s => await AmberSerializer.DeserializeAsync<Shape>(s)),
            new FuzzModel("ShapeList",
                (f, o) => AmberSerializer.Serialize<List<Shape>>(f.Scene().Shapes!.ConvertAll(s => s ?? new Circle()), o),
                s => AmberSerializer.Deserialize<List<Shape>>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<List<Shape>>(in s),
                s => AmberSerializer.Deserialize<List<Shape>>(s),
                async s => await AmberSerializer.DeserializeAsync<List<Shape>>(s)),
            new FuzzModel("Variables",
                (f, o) => AmberSerializer.Serialize<Dictionary<string, object>>(f.Dynamic().Variables!.Where(kv => kv.Value != null).ToDictionary(kv => kv.Key, kv => kv.Value!), o),
                s => AmberSerializer.Deserialize<Dictionary<string, object>>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Dictionary<string, object>>(in s),
                s => AmberSerializer.Deserialize<Dictionary<string, object>>(s),
                async s => await AmberSerializer.DeserializeAsync<Dictionary<string, object>>(s)),
            new FuzzModel("Vector3Rows",
                (f, o) => AmberSerializer.Serialize<Vector3[]>(f.Geometry().Vertices!, o),
                s => AmberSerializer.Deserialize<Vector3[]>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<Vector3[]>(in s),
                s => AmberSerializer.Deserialize<Vector3[]>(s),
                async s => await AmberSerializer.DeserializeAsync<Vector3[]>(s)),
            new FuzzModel("Object",
                (f, o) => AmberSerializer.Serialize<object>(f.AnyObject() ?? 1, o),
                s => AmberSerializer.Deserialize<object>(s),
                (in ReadOnlySequence<byte> s) => AmberSerializer.Deserialize<object>(in s),
                s => AmberSerializer.Deserialize<object>(s),
                async s => await AmberSerializer.DeserializeAsync<object>(s)),
        };
    }
}
