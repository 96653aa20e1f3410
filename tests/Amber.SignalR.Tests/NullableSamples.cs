using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Amber.SignalR.Tests
{
    /// <summary>
    /// The nullable value types a hub method or a handler may declare, each with a value that is not its default. A
    /// case is named "value", "default" (0, false, default(T)) or "null".
    /// </summary>
    public static class NullableSamples
    {
        public static readonly IReadOnlyDictionary<Type, object> Values = new Dictionary<Type, object>
        {
            [typeof(int)] = 42,
            [typeof(long)] = -5_000_000_000L,
            [typeof(short)] = (short)-300,
            [typeof(ushort)] = (ushort)65_000,
            [typeof(byte)] = (byte)200,
            [typeof(sbyte)] = (sbyte)-100,
            [typeof(uint)] = 4_000_000_000u,
            [typeof(ulong)] = ulong.MaxValue,
            [typeof(bool)] = true,
            [typeof(char)] = 'é',
            [typeof(float)] = 1.5f,
            [typeof(double)] = -2.25,
            [typeof(decimal)] = 12.345m,
            [typeof(DateTime)] = new DateTime(2026, 11, 28, 17, 30, 5, DateTimeKind.Utc).AddTicks(1),
            [typeof(DateTimeOffset)] = new DateTimeOffset(2026, 11, 28, 17, 30, 5, TimeSpan.FromHours(2)),
            [typeof(TimeSpan)] = TimeSpan.FromMinutes(90),
            [typeof(DateOnly)] = new DateOnly(2026, 11, 28),
            [typeof(TimeOnly)] = new TimeOnly(17, 30, 5),
            [typeof(Guid)] = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            [typeof(Mood)] = Mood.Cross,
            [typeof(Spot)] = new Spot(3, -1.5),
        };

        public static readonly string[] Cases = { "value", "default", "null" };

        /// <summary>The name a type's hub is mapped under: /nullable/{name}.</summary>
        public static string NameOf(Type type) => type.Name;

        public static T? Pick<T>(string which) where T : struct => which switch
        {
            "value" => (T)Values[typeof(T)],
            "default" => default(T),
            "null" => null,
            _ => throw new ArgumentException("No case " + which, nameof(which)),
        };

        /// <summary>A value as the side that received it saw it: its runtime type and its exact text, or "null".</summary>
        public static string Describe(object? value) => value switch
        {
            null => "null",
            DateTime t => "DateTime " + t.ToString("O", CultureInfo.InvariantCulture),
            DateTimeOffset t => "DateTimeOffset " + t.ToString("O", CultureInfo.InvariantCulture),
            IFormattable f => value.GetType().Name + " " + f.ToString(null, CultureInfo.InvariantCulture),
            _ => value.GetType().Name + " " + value,
        };

        public static string DescribeAll(IEnumerable<object?> values) => string.Join(" | ", values.Select(Describe));
    }
}
