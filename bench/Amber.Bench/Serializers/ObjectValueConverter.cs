using System;
using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Amber.Bench.Serializers
{
    /// <summary>
    /// System.Text.Json's usual workaround for <c>object</c> members that hold primitives (by default
    /// such a value reads back as a JsonElement): a JSON integer reads as a long, any other number as a
    /// double, strings and bools as themselves. A whole double is written with ".0" (System.Text.Json
    /// writes 2.0 as "2"), so it reads back as a double rather than a long. Other values (objects,
    /// arrays, other CLR types) are not what gamestate's variables hold and fail loudly.
    /// Registered in the options for the workloads that need it, never on a model type.
    /// </summary>
    public sealed class ObjectValueConverter : JsonConverter<object>
    {
        public override bool HandleNull => true;

        public override object? Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) => reader.TokenType switch
        {
            JsonTokenType.Number => reader.TryGetInt64(out long integer) ? (object)integer : reader.GetDouble(),
            JsonTokenType.String => reader.GetString(),
            JsonTokenType.True => true,
            JsonTokenType.False => false,
            JsonTokenType.Null => null,
            _ => throw new JsonException($"An object value here is a number, a string, a bool or null, not {reader.TokenType}."),
        };

        public override void Write(Utf8JsonWriter writer, object? value, JsonSerializerOptions options)
        {
            switch (value)
            {
                case null: writer.WriteNullValue(); break;
                case long integer: writer.WriteNumberValue(integer); break;
                case double number: WriteDouble(writer, number); break;
                case string text: writer.WriteStringValue(text); break;
                case bool flag: writer.WriteBooleanValue(flag); break;
                default: throw new NotSupportedException($"ObjectValueConverter writes long, double, string and bool values, not {value.GetType().Name}.");
            }
        }

        private static void WriteDouble(Utf8JsonWriter writer, double number)
        {
            Span<byte> text = stackalloc byte[40];
            if (double.IsFinite(number) && number.TryFormat(text, out int length, "R", CultureInfo.InvariantCulture) && text.Slice(0, length).IndexOfAny((byte)'.', (byte)'E', (byte)'e') < 0)
            {
                // "2" would read back as a long: write "2.0".
                text[length++] = (byte)'.';
                text[length++] = (byte)'0';
                writer.WriteRawValue(text.Slice(0, length), skipInputValidation: true);
            }
            else
            {
                writer.WriteNumberValue(number);
            }
        }
    }
}
