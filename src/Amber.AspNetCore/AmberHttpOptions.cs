namespace Amber.AspNetCore
{
    /// <summary>
    /// The serializer options minimal-API binding (<see cref="AmberBody{T}"/>) and results (<see cref="AmberResults"/>) use
    /// when a call does not pass its own: set them with
    /// <see cref="Microsoft.Extensions.DependencyInjection.AmberServiceCollectionExtensions.AddAmber"/>.
    /// </summary>
    public sealed class AmberHttpOptions
    {
        /// <summary>The options, limits included (<see cref="AmberOptions.MaxInputBytes"/>, <see cref="AmberOptions.MaxCollectionLength"/>…). <see cref="AmberOptions.Default"/> unless set.</summary>
        public AmberOptions SerializerOptions { get; set; } = AmberOptions.Default;
    }
}
