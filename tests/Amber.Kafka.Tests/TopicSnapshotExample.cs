using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Streaming;
using Confluent.Kafka;

namespace Amber.Kafka.Tests
{
    /// <summary>
    /// The snapshot user's example: a service that reads a compacted, keyed topic folds its records into the
    /// latest value per key, and saves that state so a restart reads one snapshot instead of the whole topic,
    /// then resumes consuming at the saved position.
    /// </summary>
    /// <remarks>
    /// The records are what a consumer built with <c>SetAmberValueDeserializer()</c> yields: <see cref="ConsumeResult{TKey, TValue}"/>
    /// values with a key, a value (null for a tombstone) and an offset. The snapshot is an Amber chunked stream
    /// (the format <see cref="AmberSnapshot"/> writes to files): one <see cref="SnapshotRecord{T}"/> per live key, then
    /// a trailer record with no key that holds the offset to resume from. One partition, for brevity: a real
    /// service keeps one position per partition.
    /// </remarks>
    public static class TopicSnapshotExample
    {
        /// <summary>One item of the snapshot: a key's latest value and the offset it came from, or (no key) the trailer.</summary>
        public sealed class SnapshotRecord<T>
        {
            public string? Key { get; set; }
            public T? Value { get; set; }
            public long Offset { get; set; }
        }

        /// <summary>The folded state of a topic: the latest value per key, and the next offset to consume.</summary>
        public sealed class TopicState<T>
        {
            public Dictionary<string, T> Values { get; } = new Dictionary<string, T>();
            public long NextOffset { get; set; }
        }

        /// <summary>
        /// Folds <paramref name="records"/> up to and including <paramref name="asOfOffset"/>: a value replaces the key's
        /// previous one, a tombstone (null value) deletes the key; records without a key are not part of a keyed state.
        /// </summary>
        public static TopicState<T> Fold<T>(IEnumerable<ConsumeResult<string, T>> records, long asOfOffset) where T : class =>
            Apply(new TopicState<T>(), records, asOfOffset);

        /// <summary>
        /// Folds further records into <paramref name="state"/> (a restored snapshot, say): records before its
        /// <see cref="TopicState{T}.NextOffset"/> are already in it and skipped, as a consumer that seeks there never sees them.
        /// </summary>
        public static TopicState<T> Apply<T>(TopicState<T> state, IEnumerable<ConsumeResult<string, T>> records, long asOfOffset) where T : class
        {
            foreach (ConsumeResult<string, T> record in records)
            {
                long offset = record.Offset.Value;
                if (offset < state.NextOffset) continue;
                if (offset > asOfOffset) break;
                state.NextOffset = offset + 1;
                string? key = record.Message.Key;
                if (key == null) continue;
                if (record.Message.Value == null) state.Values.Remove(key);
                else state.Values[key] = record.Message.Value;
            }
            return state;
        }

        /// <summary>The snapshot's items: the live keys in key order, then the trailer with the resume offset.</summary>
        public static IEnumerable<SnapshotRecord<T>> Items<T>(TopicState<T> state) where T : class
        {
            foreach (KeyValuePair<string, T> pair in state.Values.OrderBy(p => p.Key, StringComparer.Ordinal))
                yield return new SnapshotRecord<T> { Key = pair.Key, Value = pair.Value };
            yield return new SnapshotRecord<T> { Key = null, Offset = state.NextOffset };
        }

        /// <summary>Writes <paramref name="state"/> to <paramref name="destination"/> as a chunked stream.</summary>
        public static void Write<T>(Stream destination, TopicState<T> state, AmberStreamOptions? options = null) where T : class =>
            AmberStream.Write(destination, Items(state), options);

        /// <summary>Writes <paramref name="state"/> to a file atomically (a crash mid-write keeps the previous snapshot).</summary>
        public static void WriteFile<T>(string path, TopicState<T> state, AmberStreamOptions? options = null) where T : class =>
            AmberSnapshot.WriteFile(path, Items(state), options);

        /// <summary>Reads a snapshot written by <see cref="Write{T}"/> back into the state it held.</summary>
        public static TopicState<T> Read<T>(Stream source, AmberStreamOptions? options = null) where T : class =>
            Restore(AmberStream.Read<SnapshotRecord<T>>(source, options));

        /// <summary>Reads a snapshot file written by <see cref="WriteFile{T}"/>.</summary>
        public static TopicState<T> ReadFile<T>(string path, AmberStreamOptions? options = null) where T : class =>
            Restore(AmberSnapshot.ReadFile<SnapshotRecord<T>>(path, options));

        private static TopicState<T> Restore<T>(IEnumerable<SnapshotRecord<T>> items) where T : class
        {
            var state = new TopicState<T>();
            bool trailer = false;
            foreach (SnapshotRecord<T> item in items)
            {
                if (trailer) throw new InvalidDataException("The snapshot has items after its trailer.");
                if (item.Key == null)
                {
                    state.NextOffset = item.Offset;
                    trailer = true;
                }
                else
                {
                    state.Values.Add(item.Key, item.Value ?? throw new InvalidDataException("A snapshot item for key '" + item.Key + "' has no value."));
                }
            }
            if (!trailer) throw new InvalidDataException("The snapshot ends before its trailer: it was cut short.");
            return state;
        }
    }
}
