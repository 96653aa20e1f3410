using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;

namespace Amber.Internal
{
    /// <summary>
    /// XXH32 (the 32-bit xxHash by Yann Collet, as its specification defines it), fed in pieces: the
    /// frame checksum of chunked streams (docs/format.md §7.4). Written here because the hashing
    /// package is not available to the runtime's targets without a dependency.
    /// </summary>
    internal struct XxHash32
    {
        private const uint P1 = 0x9E3779B1, P2 = 0x85EBCA77, P3 = 0xC2B2AE3D, P4 = 0x27D4EB2F, P5 = 0x165667B1;

        private uint _v1, _v2, _v3, _v4;
        private readonly uint _seed;
        private ulong _total;
        private Buffer16 _pending;
        private int _pendingCount;

        // 16 bytes of storage for a partial stripe, written through a span.
        private struct Buffer16
        {
#pragma warning disable CS0649
            public ulong A, B;
#pragma warning restore CS0649
        }

        public XxHash32(uint seed)
        {
            _seed = seed;
            _v1 = seed + P1 + P2;
            _v2 = seed + P2;
            _v3 = seed;
            _v4 = seed - P1;
            _total = 0;
            _pending = default;
            _pendingCount = 0;
        }

        private Span<byte> Pending => System.Runtime.InteropServices.MemoryMarshal.AsBytes(System.Runtime.InteropServices.MemoryMarshal.CreateSpan(ref _pending, 1));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint Round(uint acc, uint lane) => RotateLeft(acc + lane * P2, 13) * P1;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint RotateLeft(uint x, int n) => (x << n) | (x >> (32 - n));

        private void Stripe(ReadOnlySpan<byte> s)
        {
            _v1 = Round(_v1, BinaryPrimitives.ReadUInt32LittleEndian(s));
            _v2 = Round(_v2, BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(4)));
            _v3 = Round(_v3, BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(8)));
            _v4 = Round(_v4, BinaryPrimitives.ReadUInt32LittleEndian(s.Slice(12)));
        }

        public void Append(ReadOnlySpan<byte> data)
        {
            _total += (ulong)data.Length;
            if (_pendingCount > 0)
            {
                int take = Math.Min(16 - _pendingCount, data.Length);
                data.Slice(0, take).CopyTo(Pending.Slice(_pendingCount));
                _pendingCount += take;
                data = data.Slice(take);
                if (_pendingCount < 16) return;
                Stripe(Pending);
                _pendingCount = 0;
            }
            while (data.Length >= 16)
            {
                Stripe(data);
                data = data.Slice(16);
            }
            if (data.Length > 0)
            {
                data.CopyTo(Pending);
                _pendingCount = data.Length;
            }
        }

        public uint Finish()
        {
            uint acc = _total >= 16
                ? RotateLeft(_v1, 1) + RotateLeft(_v2, 7) + RotateLeft(_v3, 12) + RotateLeft(_v4, 18)
                : _seed + P5;
            acc += (uint)_total;
            ReadOnlySpan<byte> rest = Pending.Slice(0, _pendingCount);
            while (rest.Length >= 4)
            {
                acc = RotateLeft(acc + BinaryPrimitives.ReadUInt32LittleEndian(rest) * P3, 17) * P4;
                rest = rest.Slice(4);
            }
            foreach (byte b in rest) acc = RotateLeft(acc + b * P5, 11) * P1;
            acc ^= acc >> 15;
            acc *= P2;
            acc ^= acc >> 13;
            acc *= P3;
            acc ^= acc >> 16;
            return acc;
        }

        public static uint Hash(ReadOnlySpan<byte> data, uint seed = 0)
        {
            var h = new XxHash32(seed);
            h.Append(data);
            return h.Finish();
        }
    }
}
