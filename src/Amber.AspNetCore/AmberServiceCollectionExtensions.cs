using System;
using Amber;
using Amber.AspNetCore;

namespace Microsoft.Extensions.DependencyInjection
{
    /// <summary>Sets the Amber options minimal APIs use.</summary>
    public static class AmberServiceCollectionExtensions
    {
        /// <summary>
        /// Makes <paramref name="options"/> the options of <see cref="AmberBody{T}"/> binding and of <see cref="AmberResults"/>
        /// results that do not pass their own. (MVC formatters take theirs in <c>AddAmberFormatters</c>.)
        /// </summary>
        public static IServiceCollection AddAmber(this IServiceCollection services, AmberOptions options)
        {
            if (services == null) throw new ArgumentNullException(nameof(services));
            if (options == null) throw new ArgumentNullException(nameof(options));
            services.Configure<AmberHttpOptions>(o => o.SerializerOptions = options);
            return services;
        }
    }
}
