using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace Amber.Bench.Workloads
{
    /// <summary>A struct of three floats, like System.Numerics.Vector3.</summary>
    /// <remarks>MemoryPack copies an unmanaged struct as its memory in every mode (its version-tolerant mode does not apply to one).</remarks>
    [MemoryPackable]
    [MessagePackObject]
    [ProtoContract]
    [GenerateSerializer]
    public partial struct Vector3
    {
        [MemoryPackOrder(0), Key(0), ProtoMember(1), Id(0)]
        public float X;
        [MemoryPackOrder(1), Key(1), ProtoMember(2), Id(1)]
        public float Y;
        [MemoryPackOrder(2), Key(2), ProtoMember(3), Id(2)]
        public float Z;
    }
}
