using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Amber.Streaming;
using Confluent.Kafka;
using Xunit;

namespace Amber.Kafka.Tests
{
    /// <summary>
    /// The snapshot user's case: records of a keyed topic, produced and consumed through the Amber serializers,
    /// folded into the latest balance per account, saved as a snapshot and restored.
    /// </summary>
    public class TopicSnapshotTests
    {
        private const string Topic = "balances";
        private const int Accounts = 25;
        private const int RecordCount = 600;

        /// <summary>A produced record: what went in, and the bytes the producer's serializer made of the value.</summary>
        private sealed record Produced(string? Key, AccountBalance? Value, long Offset, byte[]? Payload);

        private static List<Produced> ProduceTopic()
        {
            var serializer = new AmberKafkaSerializer<AccountBalance>();
            var context = new SerializationContext(MessageComponentType.Value, Topic, new Headers());
            var records = new List<Produced>();
            for (int offset = 0; offset < RecordCount; offset++)
            {
                string? key = offset % 97 == 96 ? null : "acct-" + (offset * 7 % Accounts).ToString("D3");
                // Every 40th record deletes its account (a tombstone); later records may open it again.
                AccountBalance? value = offset % 40 == 39 ? null : new AccountBalance(key ?? "unkeyed", 10_000 + offset * 13, offset % 3 == 0 ? "EUR" : "CHF");
                records.Add(new Produced(key, value, offset, serializer.Serialize(value!, context)));
            }
            return records;
        }

        /// <summary>What a consumer with <c>SetAmberValueDeserializer()</c> yields for the produced records.</summary>
        private static List<ConsumeResult<string, AccountBalance>> Consume(List<Produced> produced)
        {
            var deserializer = new AmberKafkaSerializer<AccountBalance>();
            var context = new SerializationContext(MessageComponentType.Value, Topic, new Headers());
            return produced.Select(p => new ConsumeResult<string, AccountBalance>
            {
                Topic = Topic,
                Partition = new Partition(0),
                Offset = new Offset(p.Offset),
                Message = new Message<string, AccountBalance>
                {
                    Key = p.Key!,
                    Value = deserializer.Deserialize(p.Payload, p.Payload == null, context),
                },
            }).ToList();
        }

        /// <summary>The expected state, straight from what was produced.</summary>
        private static Dictionary<string, AccountBalance> Expected(List<Produced> produced, long asOf)
        {
            var state = new Dictionary<string, AccountBalance>();
            foreach (Produced p in produced.Where(p => p.Offset <= asOf && p.Key != null))
            {
                if (p.Value == null) state.Remove(p.Key!);
                else state[p.Key!] = p.Value;
            }
            return state;
        }

        private static void AssertState(Dictionary<string, AccountBalance> expected, long nextOffset, TopicSnapshotExample.TopicState<AccountBalance> actual)
        {
            Assert.Equal(nextOffset, actual.NextOffset);
            Assert.Equal(expected.Keys.OrderBy(k => k, StringComparer.Ordinal), actual.Values.Keys.OrderBy(k => k, StringComparer.Ordinal));
            foreach (KeyValuePair<string, AccountBalance> pair in expected) Assert.Equal(pair.Value, actual.Values[pair.Key]);
        }

        [Fact]
        public void Snapshot_restores_the_folded_state_and_is_smaller_than_the_records()
        {
            List<Produced> produced = ProduceTopic();
            List<ConsumeResult<string, AccountBalance>> records = Consume(produced);
            const long asOf = 399;

            TopicSnapshotExample.TopicState<AccountBalance> folded = TopicSnapshotExample.Fold(records, asOf);
            Dictionary<string, AccountBalance> expected = Expected(produced, asOf);
            AssertState(expected, asOf + 1, folded);
            // The topic deleted some accounts by then, so the fold is not merely "every key".
            Assert.InRange(expected.Count, 1, Accounts - 1);

            var stream = new MemoryStream();
            TopicSnapshotExample.Write(stream, folded);
            long snapshotBytes = stream.Length;
            stream.Position = 0;
            TopicSnapshotExample.TopicState<AccountBalance> restored = TopicSnapshotExample.Read<AccountBalance>(stream);
            AssertState(expected, asOf + 1, restored);

            // 400 records of which at most 24 keys survive: the snapshot holds one value per live key and writes the
            // type's member list once, where every record's payload carries its own.
            long recordBytes = produced.Where(p => p.Offset <= asOf).Sum(p => (long)(p.Payload?.Length ?? 0));
            Assert.True(snapshotBytes < recordBytes, $"snapshot {snapshotBytes} bytes, records {recordBytes} bytes");
        }

        [Fact]
        public void Restored_state_resumes_at_its_offset_and_matches_a_full_fold()
        {
            List<Produced> produced = ProduceTopic();
            List<ConsumeResult<string, AccountBalance>> records = Consume(produced);

            var stream = new MemoryStream();
            TopicSnapshotExample.Write(stream, TopicSnapshotExample.Fold(records, 249), new AmberStreamOptions { ItemsPerFrame = 4 });
            stream.Position = 0;
            TopicSnapshotExample.TopicState<AccountBalance> restarted = TopicSnapshotExample.Read<AccountBalance>(stream);

            // The restarted service replays the whole topic; what the snapshot holds is skipped.
            TopicSnapshotExample.Apply(restarted, records, long.MaxValue);
            AssertState(Expected(produced, long.MaxValue), RecordCount, restarted);
        }

        [Fact]
        public void Snapshot_file_is_written_atomically_and_read_back()
        {
            List<Produced> produced = ProduceTopic();
            List<ConsumeResult<string, AccountBalance>> records = Consume(produced);
            string dir = Path.Combine(Path.GetTempPath(), "amber-kafka-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            try
            {
                string path = Path.Combine(dir, "balances.snapshot");
                TopicSnapshotExample.WriteFile(path, TopicSnapshotExample.Fold(records, 99));
                TopicSnapshotExample.WriteFile(path, TopicSnapshotExample.Fold(records, 599));
                AssertState(Expected(produced, 599), RecordCount, TopicSnapshotExample.ReadFile<AccountBalance>(path));
                Assert.Single(Directory.GetFiles(dir));   // the second write replaced the first; no temporary file is left
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }

        [Fact]
        public void Snapshot_cut_short_is_refused_rather_than_restored_in_part()
        {
            List<ConsumeResult<string, AccountBalance>> records = Consume(ProduceTopic());
            var stream = new MemoryStream();
            TopicSnapshotExample.Write(stream, TopicSnapshotExample.Fold(records, 599), new AmberStreamOptions { ItemsPerFrame = 4 });
            byte[] whole = stream.ToArray();

            for (int length = 0; length < whole.Length; length += 7)
            {
                Exception ex = Assert.ThrowsAny<Exception>(() => TopicSnapshotExample.Read<AccountBalance>(new MemoryStream(whole, 0, length)));
                Assert.True(ex is AmberException || ex is InvalidDataException, ex.GetType() + ": " + ex.Message);
            }
        }
    }
}
