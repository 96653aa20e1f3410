using System;

namespace Amber.Bench.Runner
{
    /// <summary>
    /// A write and a read timed like a serializer's pair when they are not its buffer-writer and span calls
    /// (a serializer's Stream entry points, say): the serialize turns run <see cref="Write"/>, the deserialize
    /// turns <see cref="Read"/>, in the same interleaved rounds as everything else the <see cref="Measurer"/> times.
    /// </summary>
    public sealed class OperationPair
    {
        /// <param name="workload">The workload's name, for the row.</param>
        /// <param name="name">The row's name.</param>
        /// <param name="objects">How many objects the input holds, for the row.</param>
        /// <param name="write">One timed write.</param>
        /// <param name="read">One timed read.</param>
        /// <param name="check">
        /// Writes and reads once the way the timed calls do, untimed, and compares the copy with the input
        /// member by member: returns the payload's size and the first difference (null when the copy is
        /// faithful). It runs before warm-up and again after the rounds.
        /// </param>
        public OperationPair(string workload, string name, int objects, Action write, Action read, Func<(long Bytes, string? FirstDifference)> check)
        {
            Workload = workload;
            Name = name;
            Objects = objects;
            Write = write;
            Read = read;
            Check = check;
        }

        public string Workload { get; }

        public string Name { get; }

        public int Objects { get; }

        public Action Write { get; }

        public Action Read { get; }

        public Func<(long Bytes, string? FirstDifference)> Check { get; }

        /// <summary>Whether the serializer behind the pair keeps shared references (copied to the row).</summary>
        public bool KeepsReferences { get; init; }
    }
}
