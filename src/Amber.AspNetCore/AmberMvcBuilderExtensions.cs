using System;
using Amber;
using Amber.AspNetCore;
using Microsoft.AspNetCore.Mvc;

namespace Microsoft.Extensions.DependencyInjection
{
    /// <summary>Adds Amber's MVC formatters.</summary>
    public static class AmberMvcBuilderExtensions
    {
        /// <summary>
        /// Adds <see cref="AmberInputFormatter"/> and <see cref="AmberOutputFormatter"/> after the formatters already there:
        /// JSON stays the default, Amber answers when the request's <c>Accept</c> names <c>application/x-amber</c> and reads
        /// bodies sent with that content type. Also maps the <c>amber</c> format (<c>[FormatFilter]</c>, <c>?format=amber</c>).
        /// </summary>
        public static IMvcBuilder AddAmberFormatters(this IMvcBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            builder.Services.Configure<MvcOptions>(mvc => AddTo(mvc, options));
            return builder;
        }

        /// <summary>The same as <see cref="AddAmberFormatters(IMvcBuilder, AmberOptions?)"/>, for an <c>AddMvcCore()</c> application.</summary>
        public static IMvcCoreBuilder AddAmberFormatters(this IMvcCoreBuilder builder, AmberOptions? options = null)
        {
            if (builder == null) throw new ArgumentNullException(nameof(builder));
            builder.Services.Configure<MvcOptions>(mvc => AddTo(mvc, options));
            return builder;
        }

        private static void AddTo(MvcOptions mvc, AmberOptions? options)
        {
            mvc.InputFormatters.Add(new AmberInputFormatter(options));
            mvc.OutputFormatters.Add(new AmberOutputFormatter(options));
            mvc.FormatterMappings.SetMediaTypeMappingForFormat("amber", AmberMediaTypes.Amber);
        }
    }
}
