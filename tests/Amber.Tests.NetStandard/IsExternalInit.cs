// netstandard2.1 (and so Unity) has no System.Runtime.CompilerServices.IsExternalInit, which the C# compiler
// needs to compile init accessors, and so records. Amber's runtime declares one for its own build, but
// internal, so it is not visible here: a user who writes records or init setters declares their own, as
// this file does. Without it the record in GameModel.cs fails with CS0518.
namespace System.Runtime.CompilerServices
{
    internal static class IsExternalInit
    {
    }
}
