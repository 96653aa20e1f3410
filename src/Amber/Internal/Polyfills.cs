#if !NET5_0_OR_GREATER
namespace System.Runtime.CompilerServices
{
    /// <summary>Lets netstandard2.1 compile init-only setters.</summary>
    internal static class IsExternalInit
    {
    }
}
#else
// An init accessor's signature names IsExternalInit (a modreq). In the netstandard2.1 build that is the
// type above, in this assembly; a library compiled against that build and run on .NET 5+ gets this build,
// so the name must still resolve here: forwarded to the framework's type, or setting AmberOptions'
// init properties throws MissingMethodException (tests/Amber.Tests/Serialization/NetStandardModelTests.cs).
[assembly: System.Runtime.CompilerServices.TypeForwardedTo(typeof(System.Runtime.CompilerServices.IsExternalInit))]
#endif
