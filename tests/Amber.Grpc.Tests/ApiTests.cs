using System;
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
    }
}
