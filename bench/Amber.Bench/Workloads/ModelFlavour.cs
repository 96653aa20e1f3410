using System;
using System.Diagnostics;
using MemoryPack;

namespace Amber.Bench.Workloads
{
    /// <summary>
    /// The model files are compiled three times (bench/ModelCopy.props), because two peers read their
    /// contract in a way one copy of the types cannot serve twice:
    /// <list type="bullet">
    /// <item>MemoryPack fixes its mode per type: the model types carry <c>[MemoryPackable(ModelFlavour.MemoryPackMode)]</c>,
    /// which is <c>GenerateType.VersionTolerant</c> in bench/Amber.Bench.VersionTolerant (MEMORYPACK_VERSION_TOLERANT) and the default elsewhere;</item>
    /// <item>MessagePack's contractless resolver still honours <c>[MessagePackObject]</c> and <c>[Key]</c> where a type has them:
    /// in bench/Amber.Bench.Contractless (MESSAGEPACK_CONTRACTLESS) those two names resolve to the inert attributes below
    /// (an enclosing namespace's types come before the file's using directives), so its types carry no MessagePack contract but the unions.</item>
    /// </list>
    /// Every other serializer, Amber included, uses the types compiled in bench/Amber.Bench.
    /// </summary>
    internal static class ModelFlavour
    {
#if MEMORYPACK_VERSION_TOLERANT
        public const GenerateType MemoryPackMode = GenerateType.VersionTolerant;
#else
        public const GenerateType MemoryPackMode = GenerateType.Object;
#endif
    }

#if MESSAGEPACK_CONTRACTLESS
    /// <summary>Stands in for MessagePack's attribute in the contractless copy; never emitted (no symbol defines NEVER).</summary>
    [Conditional("NEVER")]
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct)]
    internal sealed class MessagePackObjectAttribute : Attribute
    {
    }

    /// <summary>Stands in for MessagePack's <c>[Key(n)]</c> in the contractless copy; never emitted.</summary>
    [Conditional("NEVER")]
    [AttributeUsage(AttributeTargets.Property | AttributeTargets.Field)]
    internal sealed class KeyAttribute : Attribute
    {
        public KeyAttribute(int key)
        {
        }
    }
#endif
}
