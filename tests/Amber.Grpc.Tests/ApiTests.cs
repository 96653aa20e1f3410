using System;
using System.Buffers;
using System.Collections.Generic;
using Grpc.Core;
using Xunit;

namespace Amber.Grpc.Tests
{
    /// <summary>The descriptors AmberGrpc hands out, without a call.</summary>
    public sealed class ApiTests
    {
        [Fact]
        public void One_marshaller_is_kept_per_type_and_options_instance()
        {
            var options = new AmberOptions { MaxDepth = 8 };

            Assert.Same(AmberGrpc.Marshaller<Catalog>(), AmberGrpc.Marshaller<Catalog>());
            Assert.Same(AmberGrpc.Marshaller<Catalog>(), AmberGrpc.Marshaller<Catalog>(AmberOptions.Default));
            Assert.Same(AmberGrpc.Marshaller<Catalog>(options), AmberGrpc.Marshaller<Catalog>(options));
            Assert.NotSame(AmberGrpc.Marshaller<Catalog>(), AmberGrpc.Marshaller<Catalog>(options));
            Assert.NotSame(AmberGrpc.Marshaller<Catalog>(options), AmberGrpc.Marshaller<Catalog>(new AmberOptions { MaxDepth = 8 }));
        }

        [Fact]
        public void Method_names_its_path_and_uses_contextual_Amber_marshallers()
        {
            Method<Catalog, Item> method = AmberGrpc.Method<Catalog, Item>(MethodType.ServerStreaming, "shop.Catalogs", "List");

            Assert.Equal(MethodType.ServerStreaming, method.Type);
            Assert.Equal("/shop.Catalogs/List", method.FullName);
            // The response side is the shared marshaller; the request side differs only in its failure status.
            Assert.Same(AmberGrpc.Marshaller<Item>(), method.ResponseMarshaller);
            Assert.NotSame(AmberGrpc.Marshaller<Catalog>(), method.RequestMarshaller);
            Assert.Same(method.RequestMarshaller, AmberGrpc.Method<Catalog, Item>(MethodType.Unary, "x", "y").RequestMarshaller);
        }

        [Fact]
        public void The_marshaller_is_contextual_only_as_the_README_says()
        {
            Marshaller<Ping> marshaller = AmberGrpc.Marshaller<Ping>();

            Assert.NotNull(marshaller.ContextualSerializer);
            Assert.NotNull(marshaller.ContextualDeserializer);
            Assert.Throws<NotImplementedException>(() => marshaller.Serializer(new Ping()));
            Assert.Throws<NotImplementedException>(() => marshaller.Deserializer(new byte[] { 1 }));
        }

        [Fact]
        public void Method_refuses_empty_names()
        {
            Assert.Throws<ArgumentException>(() => AmberGrpc.Method<Catalog, Catalog>(MethodType.Unary, "", "Echo"));
            Assert.Throws<ArgumentException>(() => AmberGrpc.Method<Catalog, Catalog>(MethodType.Unary, "svc", null!));
        }

        [Fact]
        public void The_marshaller_gives_the_payload_length_before_it_asks_for_the_buffer()
        {
            // gRPC writes a message of known length straight into its send buffer; without it, it makes a buffer per message.
            var item = new Item { Index = 7, Text = new string('x', 3000) };
            var context = new RecordingContext();
            AmberGrpc.Marshaller<Item>().ContextualSerializer(item, context);

            byte[] expected = AmberSerializer.Serialize(item);
            Assert.Equal(new[] { $"SetPayloadLength {expected.Length}", "GetBufferWriter", "Complete" }, context.Calls);
            Assert.Equal(expected, context.Written.WrittenSpan.ToArray());
        }

        private sealed class RecordingContext : SerializationContext
        {
            public List<string> Calls { get; } = new List<string>();

            public ArrayBufferWriter<byte> Written { get; } = new ArrayBufferWriter<byte>();

            public override void SetPayloadLength(int payloadLength) => Calls.Add($"SetPayloadLength {payloadLength}");

            public override IBufferWriter<byte> GetBufferWriter()
            {
                Calls.Add("GetBufferWriter");
                return Written;
            }

            public override void Complete() => Calls.Add("Complete");

            public override void Complete(byte[] payload) => Calls.Add("Complete(byte[])");
        }
    }
}
