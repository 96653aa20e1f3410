using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Metadata;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace Amber.AspNetCore.Tests
{
    /// <summary>Requests through a real Kestrel server and the whole ASP.NET Core pipeline, with Amber bodies both ways.</summary>
    public sealed class AmberHttpTests : IAsyncLifetime
    {
        private TestApp _app = null!;

        public async Task InitializeAsync() => _app = await TestApp.StartAsync();

        public async Task DisposeAsync() => await _app.DisposeAsync();

        private static HttpRequestMessage AmberPost<T>(string path, T body, string accept = AmberMediaTypes.Amber) =>
            RawPost(path, AmberSerializer.Serialize(body), AmberMediaTypes.Amber, accept);

        private static HttpRequestMessage RawPost(string path, byte[] body, string contentType, string accept = AmberMediaTypes.Amber)
        {
            var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
            request.Content.Headers.ContentType = MediaTypeHeaderValue.Parse(contentType);
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
            return request;
        }

        private static Client.Order SampleOrder(int lines = 2) =>
            new Client.Order { Item = "tea", Quantity = 4, Lines = Enumerable.Range(0, lines).Select(i => "line" + i).ToList() };

        [Fact]
        public async Task Mvc_reads_an_Amber_body_and_answers_in_Amber()
        {
            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/mvc/orders", new Server.Order { Item = "tea", Quantity = 4, Lines = { "a" }, Note = "hot" }));

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(AmberMediaTypes.Amber, response.Content.Headers.ContentType?.MediaType);
            Server.Receipt? receipt = AmberSerializer.Deserialize<Server.Receipt>(await response.Content.ReadAsByteArrayAsync());
            Assert.NotNull(receipt);
            Assert.Equal("tea", receipt.Item);
            Assert.Equal(12, receipt.Total);
            Assert.Equal(1, receipt.LineCount);
            Assert.Equal("hot", receipt.Note);
        }

        [Fact]
        public async Task Mvc_answers_JSON_when_the_client_accepts_JSON()
        {
            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/mvc/orders", SampleOrder(), accept: "application/json"));

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
            using JsonDocument json = JsonDocument.Parse(await response.Content.ReadAsStringAsync());
            Assert.Equal("tea", json.RootElement.GetProperty("item").GetString());
            Assert.Equal(12, json.RootElement.GetProperty("total").GetInt32());
        }

        [Fact]
        public async Task Mvc_still_reads_JSON_bodies()
        {
            var request = new HttpRequestMessage(HttpMethod.Post, "/mvc/orders") { Content = JsonContent.Create(new { item = "jam", quantity = 2, lines = new[] { "x" } }) };
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(AmberMediaTypes.Amber));
            HttpResponseMessage response = await _app.Client.SendAsync(request);

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Client.Receipt? receipt = AmberSerializer.Deserialize<Client.Receipt>(await response.Content.ReadAsByteArrayAsync());
            Assert.Equal(6, receipt!.Total);
        }

        [Fact]
        public async Task A_version_1_client_talks_to_a_version_2_server()
        {
            // The client's Order has no Note: the server reads it with Note null; the server's Receipt has a Note the
            // client's does not know, and the client skips it.
            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/mvc/orders", SampleOrder(lines: 3)));

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            byte[] body = await response.Content.ReadAsByteArrayAsync();
            Client.Receipt? receipt = AmberSerializer.Deserialize<Client.Receipt>(body);
            Assert.NotNull(receipt);
            Assert.Equal("tea", receipt.Item);
            Assert.Equal(12, receipt.Total);
            Assert.Equal(3, receipt.LineCount);
            Assert.Equal("(none)", AmberSerializer.Deserialize<Server.Receipt>(body)!.Note);
        }

        [Fact]
        public async Task A_bad_body_is_a_400_ProblemDetails_with_the_AmberException_message_and_no_stack_trace()
        {
            byte[] good = AmberSerializer.Serialize(SampleOrder());
            byte[] truncated = good.AsSpan(0, good.Length - 3).ToArray();
            string expected = Assert.Throws<AmberException>(() => AmberSerializer.Deserialize<Server.Order>(truncated)).Message;

            HttpResponseMessage response = await _app.Client.SendAsync(RawPost("/mvc/orders", truncated, AmberMediaTypes.Amber, "application/json"));

            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
            string text = await response.Content.ReadAsStringAsync();
            using JsonDocument problem = JsonDocument.Parse(text);
            string[] messages = problem.RootElement.GetProperty("errors").EnumerateObject().SelectMany(p => p.Value.EnumerateArray()).Select(e => e.GetString()!).ToArray();
            Assert.Contains(expected, messages);
            Assert.DoesNotContain(" at Amber.", text);
            Assert.DoesNotContain("StackTrace", text, StringComparison.OrdinalIgnoreCase);
        }

        [Fact]
        public async Task A_body_over_the_server_size_limit_is_a_413()
        {
            var big = new Client.Order { Item = new string('x', (int)TestApp.MaxRequestBodySize * 2) };

            HttpResponseMessage mvc = await _app.Client.SendAsync(AmberPost("/mvc/orders", big));
            HttpResponseMessage minimal = await _app.Client.SendAsync(AmberPost("/min/ping", new Client.Ping { Text = big.Item }));

            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, mvc.StatusCode);
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, minimal.StatusCode);
        }

        [Fact]
        public async Task Minimal_api_binds_AmberBody_and_answers_with_AmberResults()
        {
            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/min/ping", new Client.Ping { Text = "hello" }));

            Assert.Equal(HttpStatusCode.Created, response.StatusCode);
            Assert.Equal(AmberMediaTypes.Amber, response.Content.Headers.ContentType?.MediaType);
            Client.Pong? pong = AmberSerializer.Deserialize<Client.Pong>(await response.Content.ReadAsByteArrayAsync());
            Assert.Equal("hello", pong!.Echo);
            Assert.Equal(5, pong.Length);
        }

        [Fact]
        public void Minimal_api_endpoint_metadata_says_it_accepts_and_produces_Amber()
        {
            Endpoint endpoint = _app.Services.GetRequiredService<EndpointDataSource>().Endpoints
                .Single(e => (e as RouteEndpoint)?.RoutePattern.RawText == "/min/ping");

            IAcceptsMetadata accepts = endpoint.Metadata.GetRequiredMetadata<IAcceptsMetadata>();
            Assert.Equal(new[] { AmberMediaTypes.Amber }, accepts.ContentTypes);
            Assert.Equal(typeof(Server.Ping), accepts.RequestType);
            IProducesResponseTypeMetadata produces = endpoint.Metadata.GetOrderedMetadata<IProducesResponseTypeMetadata>().Single(m => m.Type == typeof(Server.Pong));
            Assert.Equal(new[] { AmberMediaTypes.Amber }, produces.ContentTypes);
        }

        [Fact]
        public void A_result_of_a_type_without_a_formatter_fails_when_it_is_made_and_names_the_marker()
        {
            AmberException ex = Assert.ThrowsAny<AmberException>(() => Answer(new Server.Unserved { N = 1 }));
            Assert.Contains("'Amber.AspNetCore.Tests.Server.Unserved'", ex.Message);
            Assert.Contains("[AmberRoot]", ex.Message);

            // The same generic code with the marker passes the type its caller names on to the generator.
            Assert.Equal(2, AnswerMarked(new Server.Served { N = 2 }).Value!.N);
        }

        private static AmberHttpResult<T> Answer<T>(T value) => AmberResults.Amber(value);

        private static AmberHttpResult<T> AnswerMarked<[AmberRoot] T>(T value) => AmberResults.Amber(value);

        [Fact]
        public async Task Minimal_api_refuses_another_content_type_with_415()
        {
            HttpResponseMessage response = await _app.Client.SendAsync(RawPost("/min/ping", System.Text.Encoding.UTF8.GetBytes("{\"text\":\"hi\"}"), "application/json"));

            Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.StatusCode);
        }

        [Fact]
        public async Task Minimal_api_answers_a_bad_body_with_400_and_no_stack_trace()
        {
            byte[] good = AmberSerializer.Serialize(new Client.Ping { Text = "hello" });

            HttpResponseMessage response = await _app.Client.SendAsync(RawPost("/min/ping", good.AsSpan(0, good.Length - 2).ToArray(), AmberMediaTypes.Amber));

            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            string text = await response.Content.ReadAsStringAsync();
            Assert.DoesNotContain(" at Amber.", text);
            Assert.DoesNotContain("BadHttpRequestException", text);
        }
    }

    /// <summary>The Amber options' own limits, applied to request bodies by both the MVC formatter and minimal-API binding.</summary>
    public sealed class AmberLimitTests : IAsyncLifetime
    {
        private TestApp _app = null!;

        public async Task InitializeAsync() => _app = await TestApp.StartAsync(new AmberOptions { MaxCollectionLength = 2, MaxInputBytes = 4096 });

        public async Task DisposeAsync() => await _app.DisposeAsync();

        private static HttpRequestMessage AmberPost(string path, byte[] body, string accept)
        {
            var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(body) };
            request.Content.Headers.ContentType = new MediaTypeHeaderValue(AmberMediaTypes.Amber);
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(accept));
            return request;
        }

        [Fact]
        public async Task A_collection_over_MaxCollectionLength_is_a_400_naming_the_limit()
        {
            var order = new Client.Order { Item = "tea", Quantity = 1, Lines = new List<string> { "a", "b", "c", "d", "e" } };

            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/mvc/orders", AmberSerializer.Serialize(order), "application/json"));

            Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
            string text = await response.Content.ReadAsStringAsync();
            Assert.Contains(nameof(AmberOptions.MaxCollectionLength), text);
        }

        [Fact]
        public async Task A_collection_within_the_limit_is_read()
        {
            var order = new Client.Order { Item = "tea", Quantity = 1, Lines = new List<string> { "a", "b" } };

            HttpResponseMessage response = await _app.Client.SendAsync(AmberPost("/mvc/orders", AmberSerializer.Serialize(order), AmberMediaTypes.Amber));

            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
            Assert.Equal(2, AmberSerializer.Deserialize<Client.Receipt>(await response.Content.ReadAsByteArrayAsync())!.LineCount);
        }

        [Fact]
        public async Task A_body_over_MaxInputBytes_but_within_the_server_limit_is_a_413()
        {
            byte[] body = AmberSerializer.Serialize(new Client.Ping { Text = new string('y', 8000) });
            Assert.True(body.Length < TestApp.MaxRequestBodySize);

            HttpResponseMessage mvc = await _app.Client.SendAsync(AmberPost("/mvc/orders", body, AmberMediaTypes.Amber));
            HttpResponseMessage minimal = await _app.Client.SendAsync(AmberPost("/min/ping", body, AmberMediaTypes.Amber));

            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, mvc.StatusCode);
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, minimal.StatusCode);
        }
    }
}
