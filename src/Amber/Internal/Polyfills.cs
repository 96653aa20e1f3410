#if !NET5_0_OR_GREATER
namespace System.Runtime.CompilerServices
{
    /// <summary>Lets netstandard2.1 compile init-only setters.</summary>
    internal static class IsExternalInit
    {
    }
}
#endif
