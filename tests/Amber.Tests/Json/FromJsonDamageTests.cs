using System;
using System.Collections.Generic;
using System.Text;
using Amber.Json;
using Amber.Tests.Compat;
using Xunit;

namespace Amber.Tests.Json
{
    /// <summary>
    /// Every failure FromJson meets in JSON text is an <see cref="AmberException"/> that says where: a byte offset in the
    /// text for text that is not JSON or not UTF-8, the member path (the view's property path) for a value that does not
    /// fit. Damaged views of many kinds of value are swept, as a user editing a view by hand would damage it.
    /// </summary>
    public class FromJsonDamageTests
    {
        private static readonly AmberOptions References = new AmberOptions { PreserveReferences = true };

        [Fact]
        public void Text_that_is_not_utf8_is_refused_at_its_byte()
        {
            byte[] json = Encoding.UTF8.GetBytes("{\"Grid\":null,\"Names\":[[\"a\",\"__\"]]}");
            int at = Array.IndexOf(json, (byte)'_');
            json[at] = 0x8D; // a continuation byte with no lead byte
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<CompatMultiDim>(json));
            Assert.Equal(at, ex.ByteOffset);
            Assert.Contains("not valid UTF-8", ex.Message);
            Assert.Contains("CompatMultiDim", ex.Message);
        }

        [Fact]
        public void Text_that_is_not_json_is_refused_at_its_offset_in_the_whole_text()
        {
            string json = "{\n  \"Grid\": null,\n  \"Names\": [ 1, }\n}";
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<CompatMultiDim>(json));
            Assert.Equal(json.IndexOf('}'), ex.ByteOffset);
        }

        [Theory]
        [InlineData(@"{""Name"":""\ud800""}")]
        [InlineData(@"{""Name"":""ab\udc00""}")]
        [InlineData(@"{""Name"":""\ud800x""}")]
        [InlineData(@"{""Name"":""\uD800\u0041""}")]
        [InlineData(@"{""Na\ud800me"":1}")]
        public void An_escaped_lone_surrogate_is_refused_at_its_escape(string json)
        {
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<CompatContactV1>(json));
            Assert.Equal(json.IndexOf('\\'), ex.ByteOffset);
            Assert.Contains("lone surrogate", ex.Message);
        }

        [Theory]
        [InlineData(@"{""Name"":""\ud83d\ude00""}", "\U0001F600")]
        [InlineData(@"{""Name"":""\\ud800""}", @"\ud800")]
        [InlineData(@"{""Name"":""\""\ud83d\ude00""}", "\"\U0001F600")]
        public void A_surrogate_pair_and_an_escaped_backslash_are_text(string json, string name)
        {
            Assert.Equal(name, AmberJson.FromJson<CompatContactV1>(json)!.Name);
        }

        [Fact]
        public void A_value_that_does_not_fit_names_its_path()
        {
            var ex = Assert.Throws<AmberException>(() => AmberJson.FromJson<CompatMultiDim>("{\"Names\":{\"$dims\":[1,2],\"$items\":[\"a\",7]}}"));
            Assert.Contains("CompatMultiDim.Names[1]", ex.Message);
        }

        private static IEnumerable<(string Name, Func<string, object?> Read, string Json)> Views()
        {
            yield return ("multi-dimensional", j => AmberJson.FromJson<CompatMultiDim>(j), AmberJson.ToJson<CompatMultiDim>(AmberSerializer.Serialize(CompatFactory.MultiDim())));
            yield return ("empty grids", j => AmberJson.FromJson<CompatEmptyGrids>(j, References), AmberJson.ToJson<CompatEmptyGrids>(AmberSerializer.Serialize(CompatFactory.EmptyGrids(shared: true), References), References));
            yield return ("scalars", j => AmberJson.FromJson<CompatScalars>(j), AmberJson.ToJson<CompatScalars>(AmberSerializer.Serialize(CompatFactory.Scalars())));
            yield return ("collections", j => AmberJson.FromJson<CompatCollections>(j), AmberJson.ToJson<CompatCollections>(AmberSerializer.Serialize(CompatFactory.Collections())));
            yield return ("polymorphism", j => AmberJson.FromJson<CompatPolymorphism>(j), AmberJson.ToJson<CompatPolymorphism>(AmberSerializer.Serialize(CompatFactory.Polymorphism())));
            yield return ("nullables", j => AmberJson.FromJson<CompatNullables>(j), AmberJson.ToJson<CompatNullables>(AmberSerializer.Serialize(CompatFactory.Nullables())));
            yield return ("enums", j => AmberJson.FromJson<CompatEnums>(j), AmberJson.ToJson<CompatEnums>(AmberSerializer.Serialize(CompatFactory.Enums())));
            yield return ("envelope", j => AmberJson.FromJson<CompatEnvelope>(j), AmberJson.ToJson<CompatEnvelope>(AmberSerializer.Serialize(CompatFactory.Envelope())));
            yield return ("references", j => AmberJson.FromJson<CompatSharedCollections>(j, References), AmberJson.ToJson<CompatSharedCollections>(AmberSerializer.Serialize(CompatFactory.SharedCollections(), References), References));
        }

        // Replacements that keep the text JSON-shaped, so the damage reaches the values rather than the JSON parser.
        private static readonly string[] Tokens =
        {
            "0", "-1", "1e400", "2147483648", "-9223372036854775809", "0.5", "1e-400", "\"\"", "\"x\"", "null", "true", "[]", "{}",
            "[1,2]", "\"\\udc00\"", "{\"$ref\":1}", "{\"$ref\":99}", "{\"$id\":1}", "{\"$type\":\"nope\"}", "{\"$dims\":[0,5],\"$items\":[]}",
            "{\"$dims\":[2147483648],\"$items\":[]}", "\"NaN\"", "\"\\ud800\"", "\"2024-02-30\"", "\"zz\"", "{\"$bytes\":\"!!\"}",
        };

        [Fact]
        public void Damaged_views_give_only_AmberException()
        {
            var random = new Random(20261126);
            int refused = 0, read = 0;
            foreach ((string name, Func<string, object?> fromJson, string json) in Views())
            {
                Assert.NotNull(fromJson(json));
                for (int i = 0; i < 1500; i++)
                {
                    string damaged = Damage(json, random);
                    try
                    {
                        fromJson(damaged);
                        read++;
                    }
                    catch (AmberException)
                    {
                        refused++;
                    }
                    catch (Exception ex)
                    {
                        Assert.Fail($"{name}: {ex.GetType().Name} escaped FromJson ({ex.Message}) for:\n{damaged}");
                    }
                }
            }
            Assert.True(refused > 1000 && read > 100, $"{refused} refused, {read} read: the damage should reach both outcomes");
        }

        private static string Damage(string json, Random random)
        {
            var sb = new StringBuilder(json);
            int edits = 1 + random.Next(3);
            for (int e = 0; e < edits && sb.Length > 0; e++)
            {
                int at = random.Next(sb.Length);
                switch (random.Next(4))
                {
                    case 0: // replace a value-like run with a token
                        int end = at;
                        while (end < sb.Length && (char.IsLetterOrDigit(sb[end]) || sb[end] is '-' or '.' or '+')) end++;
                        sb.Remove(at, end - at).Insert(at, Tokens[random.Next(Tokens.Length)]);
                        break;
                    case 1: // insert a token after a separator
                        int sep = json.IndexOfAny(new[] { ':', '[', ',' }, Math.Min(at, json.Length - 1));
                        if (sep >= 0 && sep < sb.Length) sb.Insert(sep + 1, Tokens[random.Next(Tokens.Length)] + (sb[sep] == ':' ? "" : ","));
                        break;
                    case 2: // flip a character
                        sb[at] = (char)(sb[at] ^ (1 << random.Next(7)));
                        break;
                    default: // cut
                        sb.Length = at;
                        break;
                }
            }
            return sb.ToString();
        }
    }
}
