namespace Amber.Generator { internal static class Placeholder { } }
