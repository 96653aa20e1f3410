using System;
using System.Collections.Concurrent;
using System.Reflection;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Amber.Benchmarks
{
    /// <summary>Adds the <see cref="PayloadSizeColumn"/> to a benchmark class's summary.</summary>
    [AttributeUsage(AttributeTargets.Class)]
    public sealed class PayloadSizeColumnAttribute : ColumnConfigBaseAttribute
    {
        public PayloadSizeColumnAttribute() : base(new PayloadSizeColumn())
        {
        }
    }

    /// <summary>
    /// The size in bytes of what each serializer writes for the shape. A benchmark named
    /// "X_Serialize" or "X_Deserialize" shows what "X_Serialize" returns (the written count); the host
    /// process runs the class's [GlobalSetup] once to find out, outside any measurement.
    /// </summary>
    public sealed class PayloadSizeColumn : IColumn
    {
        private readonly ConcurrentDictionary<(Type, string), string> _sizes = new ConcurrentDictionary<(Type, string), string>();

        public string Id => nameof(PayloadSizeColumn);
        public string ColumnName => "Payload";
        public bool AlwaysShow => true;
        public ColumnCategory Category => ColumnCategory.Custom;
        public int PriorityInCategory => 0;
        public bool IsNumeric => true;
        public UnitType UnitType => UnitType.Dimensionless;
        public string Legend => "Bytes the serializer writes for the shape (a Deserialize row reads the same bytes)";

        public bool IsAvailable(Summary summary) => true;

        public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

        public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
        {
            Type type = benchmarkCase.Descriptor.Type;
            string method = benchmarkCase.Descriptor.WorkloadMethod.Name;
            int cut = method.LastIndexOf('_');
            if (cut < 0) return "-";
            string serialize = method.Substring(0, cut) + "_Serialize";
            return _sizes.GetOrAdd((type, serialize), key => Measure(key.Item1, key.Item2));
        }

        private static string Measure(Type type, string serialize)
        {
            MethodInfo? method = type.GetMethod(serialize, BindingFlags.Public | BindingFlags.Instance, Type.EmptyTypes);
            if (method is null || method.ReturnType != typeof(int)) return "-";
            object instance = Activator.CreateInstance(type)!;
            type.GetMethod("Setup")?.Invoke(instance, null);
            try
            {
                return ((int)method.Invoke(instance, null)!).ToString("N0") + " B";
            }
            finally
            {
                type.GetMethod("Cleanup")?.Invoke(instance, null);
            }
        }
    }
}
