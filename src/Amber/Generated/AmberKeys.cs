using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;

namespace Amber.Metadata
{
    /// <summary>
    /// The key comparers of dictionaries and sets that Amber creates while reading. Generated code calls
    /// <see cref="Comparer{TKey}"/>; with <see cref="AmberOptions.HardenedKeyHashing"/> off it returns null
    /// (the framework's default comparer). docs/security.md explains when to turn it on.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberKeys
    {
        /// <summary>The comparer for a dictionary or set of <typeparamref name="TKey"/> read with <paramref name="options"/>, or null for the default.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static IEqualityComparer<TKey>? Comparer<TKey>(AmberOptions options) =>
            options.HardenedKeyHashing ? Hardened<TKey>.Instance : null;

        /// <summary>Whether hardened hashing covers keys of <typeparamref name="TKey"/> (false: the framework's comparer is used as is).</summary>
        public static bool IsHardened<TKey>() => Hardened<TKey>.Instance != null;

        private static class Hardened<TKey>
        {
            public static readonly IEqualityComparer<TKey>? Instance = Create();

            private static IEqualityComparer<TKey>? Create()
            {
                Type t = typeof(TKey);
                if (t.IsEnum) t = Enum.GetUnderlyingType(t);
                object? comparer =
                    t == typeof(string) ? (object)StringKeys() :
                    t == typeof(int) || t == typeof(uint) || t == typeof(long) || t == typeof(ulong) || t == typeof(short) || t == typeof(ushort)
                        || t == typeof(byte) || t == typeof(sbyte) || t == typeof(char) || t == typeof(bool) || t == typeof(Guid) || t == typeof(TimeSpan)
                        ? new SeededComparer<TKey>() :
                    t == typeof(DateTime) ? new SeededDateTimeComparer() :
                    null;
                return (IEqualityComparer<TKey>?)comparer;
            }

            // .NET Core's default string comparer already switches to randomized (Marvin) hashing when a
            // bucket fills with collisions; elsewhere (Mono, Unity) strings hash the same in every process.
#if NET8_0_OR_GREATER
            private static EqualityComparer<string> StringKeys() => EqualityComparer<string>.Default;
#else
            private static SeededStringComparer StringKeys() => new SeededStringComparer();
#endif
        }

        // ---------------------------------------------------------------- SipHash-1-3 with a per-process random key

        private static readonly ulong s_k0 = RandomUInt64();
        private static readonly ulong s_k1 = RandomUInt64();

        private static ulong RandomUInt64()
        {
            byte[] b = new byte[8];
            using (var rng = RandomNumberGenerator.Create()) rng.GetBytes(b);
            return BitConverter.ToUInt64(b, 0);
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static ulong Rotl(ulong x, int b) => (x << b) | (x >> (64 - b));

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static void Round(ref ulong v0, ref ulong v1, ref ulong v2, ref ulong v3)
        {
            v0 += v1; v1 = Rotl(v1, 13); v1 ^= v0; v0 = Rotl(v0, 32);
            v2 += v3; v3 = Rotl(v3, 16); v3 ^= v2;
            v0 += v3; v3 = Rotl(v3, 21); v3 ^= v0;
            v2 += v1; v1 = Rotl(v1, 17); v1 ^= v2; v2 = Rotl(v2, 32);
        }

        /// <summary>SipHash-1-3 of the 64-bit words of a value (the last word carries the byte length).</summary>
        internal static int Hash(ReadOnlySpan<ulong> words, int byteLength)
        {
            ulong v0 = s_k0 ^ 0x736f6d6570736575UL;
            ulong v1 = s_k1 ^ 0x646f72616e646f6dUL;
            ulong v2 = s_k0 ^ 0x6c7967656e657261UL;
            ulong v3 = s_k1 ^ 0x7465646279746573UL;
            foreach (ulong m in words)
            {
                v3 ^= m;
                Round(ref v0, ref v1, ref v2, ref v3);
                v0 ^= m;
            }
            ulong last = (ulong)byteLength << 56;
            v3 ^= last;
            Round(ref v0, ref v1, ref v2, ref v3);
            v0 ^= last;
            v2 ^= 0xff;
            Round(ref v0, ref v1, ref v2, ref v3);
            Round(ref v0, ref v1, ref v2, ref v3);
            Round(ref v0, ref v1, ref v2, ref v3);
            ulong h = v0 ^ v1 ^ v2 ^ v3;
            return (int)(h ^ (h >> 32));
        }

        /// <summary>Keys whose equality is exactly equality of their bytes (integers, enums, Guid …): hashed with the secret key.</summary>
        private sealed class SeededComparer<TKey> : IEqualityComparer<TKey>
        {
            public bool Equals(TKey? x, TKey? y) => EqualityComparer<TKey>.Default.Equals(x!, y!);

            public int GetHashCode(TKey key)
            {
                Span<ulong> words = stackalloc ulong[2];
                words.Clear();
                int size = Unsafe.SizeOf<TKey>();
                Unsafe.WriteUnaligned(ref Unsafe.As<ulong, byte>(ref words[0]), key);
                return Hash(size <= 8 ? words.Slice(0, 1) : words, size);
            }
        }

        /// <summary>DateTime keys compare by ticks (the Kind is not part of equality), so only the ticks are hashed.</summary>
        private sealed class SeededDateTimeComparer : IEqualityComparer<DateTime>
        {
            public bool Equals(DateTime x, DateTime y) => x == y;

            public int GetHashCode(DateTime key)
            {
                Span<ulong> words = stackalloc ulong[1];
                words[0] = (ulong)key.Ticks;
                return Hash(words, 8);
            }
        }

#if !NET8_0_OR_GREATER
        /// <summary>Ordinal string keys hashed with the secret key, four characters per word.</summary>
        private sealed class SeededStringComparer : IEqualityComparer<string>
        {
            public bool Equals(string? x, string? y) => string.Equals(x, y, StringComparison.Ordinal);

            public int GetHashCode(string key)
            {
                int words = (key.Length + 3) / 4;
                Span<ulong> buffer = words <= 64 ? stackalloc ulong[words] : new ulong[words];
                buffer.Clear();
                for (int i = 0; i < key.Length; i++) buffer[i / 4] |= (ulong)key[i] << (16 * (i % 4));
                return Hash(buffer, key.Length * 2);
            }
        }
#endif
    }
}
