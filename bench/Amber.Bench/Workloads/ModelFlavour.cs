using MemoryPack;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// The model types carry MemoryPack's attribute with this mode. MemoryPack fixes its mode per type,
    /// so the suite compiles the same model files twice: here (MemoryPack's default mode) and in
    /// bench/Amber.Bench.VersionTolerant with MEMORYPACK_VERSION_TOLERANT defined, for the
    /// "MemoryPack (version tolerant)" row. Every other serializer uses the types compiled here.
    /// </summary>
    internal static class ModelFlavour
    {
#if MEMORYPACK_VERSION_TOLERANT
        public const GenerateType MemoryPackMode = GenerateType.VersionTolerant;
#else
        public const GenerateType MemoryPackMode = GenerateType.Object;
#endif
    }
}
