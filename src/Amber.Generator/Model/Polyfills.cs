namespace System.Runtime.CompilerServices
{
    /// <summary>Lets netstandard2.0 compile records and init-only setters.</summary>
    internal static class IsExternalInit
    {
    }
}
