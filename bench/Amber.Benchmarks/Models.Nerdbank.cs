using PolyType;

namespace Amber.Benchmarks
{
    /// <summary>
    /// Nerdbank.MessagePack works from PolyType shapes. The plain models (Models.cs) carry no attribute,
    /// so their shapes are generated on this witness class instead, and the benchmarks call
    /// MessagePackSerializer.Serialize&lt;T, NerdbankWitness&gt; / Deserialize&lt;T, NerdbankWitness&gt;.
    /// </summary>
    [GenerateShapeFor<MessageEnvelope>]
    [GenerateShapeFor<BookShelf>]
    [GenerateShapeFor<Vector3[]>]
    public partial class NerdbankWitness
    {
    }
}
