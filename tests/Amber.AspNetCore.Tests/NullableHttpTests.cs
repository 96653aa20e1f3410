using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using Xunit;

[assembly: Amber.AmberSerializable(typeof(int?))]
[assembly: Amber.AmberSerializable(typeof(Amber.AspNetCore.Tests.Spot?))]

namespace Amber.AspNetCore.Tests
{
    public record struct Spot(int X, double Y);

    /// <summary>Nullable value types as MVC bodies and results: declared (ActionResult&lt;T?&gt;) and not (IActionResult).</summary>
    [ApiController]
    [Route("mvc/nullable")]
    public sealed class NullableController : ControllerBase
    {
        [HttpPost("half")]
        public ActionResult<int?> Half([FromBody] int? value) => value / 2;

        [HttpPost("spot")]
        public ActionResult<Spot?> Mirror([FromBody] Spot? value) => value;

        /// <summary>No declared result type: MVC hands the formatter the value's runtime type, a boxed int? being an int.</summary>
        [HttpPost("untyped")]
        public IActionResult Untyped([FromBody] int? value) => Ok(value);
    }

    /// <summary>
    /// A T? body and result: the payload is the declared type's (format §2: a nullable root has a presence byte), so a
    /// client that declares T? reads a value, the default (0 is not null) and null back as sent.
    /// </summary>
    public sealed class NullableHttpTests : IAsyncLifetime
    {
        private TestApp _app = null!;

        public async Task InitializeAsync() => _app = await TestApp.StartAsync();

        public async Task DisposeAsync() => await _app.DisposeAsync();

        private async Task<HttpResponseMessage> Post<T>(string path, T body)
        {
            var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(AmberSerializer.Serialize(body)) };
            request.Content.Headers.ContentType = new MediaTypeHeaderValue(AmberMediaTypes.Amber);
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(AmberMediaTypes.Amber));
            return await _app.Client.SendAsync(request);
        }

        private static async Task<T?> Read<T>(HttpResponseMessage response) where T : struct
        {
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(AmberMediaTypes.Amber, response.Content.Headers.ContentType?.MediaType);
            return AmberSerializer.Deserialize<T?>(await response.Content.ReadAsByteArrayAsync());
        }

        [Fact]
        public async Task Mvc_reads_a_nullable_body_and_answers_with_the_declared_nullable_result()
        {
            Assert.Equal(21, await Read<int>(await Post<int?>("/mvc/nullable/half", 42)));
            Assert.Equal(0, await Read<int>(await Post<int?>("/mvc/nullable/half", 0)));
            Assert.Equal(new Spot(3, -1.5), await Read<Spot>(await Post<Spot?>("/mvc/nullable/spot", new Spot(3, -1.5))));
            Assert.Equal(default(Spot), await Read<Spot>(await Post<Spot?>("/mvc/nullable/spot", default(Spot))));

            // A null result is MVC's 204 No Content, whatever the formatter.
            HttpResponseMessage none = await Post<int?>("/mvc/nullable/half", null);
            Assert.Equal(HttpStatusCode.NoContent, none.StatusCode);
            Assert.Empty(await none.Content.ReadAsByteArrayAsync());
        }

        [Fact]
        public async Task An_undeclared_mvc_result_is_written_as_the_runtime_type_of_its_value()
        {
            // Ok((int?)0) hands MVC a boxed int: the payload is an int's, which a client reads as int, not as int?.
            HttpResponseMessage response = await Post<int?>("/mvc/nullable/untyped", 0);
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            Assert.Equal(AmberSerializer.Serialize(0), body);
            Assert.Equal(0, AmberSerializer.Deserialize<int>(body));
        }

        [Fact]
        public async Task Minimal_api_binds_a_nullable_AmberBody_and_answers_with_a_nullable_AmberResult()
        {
            Assert.Equal(21, await Read<int>(await Post<int?>("/min/half", 42)));
            Assert.Equal(0, await Read<int>(await Post<int?>("/min/half", 0)));
            Assert.Null(await Read<int>(await Post<int?>("/min/half", null)));
        }
    }
}
