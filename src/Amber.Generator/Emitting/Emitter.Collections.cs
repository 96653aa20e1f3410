using Amber.Generator.Model;

namespace Amber.Generator.Emitting
{
    /// <summary>What writing and reading collections share: the C# names of arrays and the keyword of a packable element.</summary>
    internal static partial class Emitter
    {
        /// <summary>The C# keyword of a primitive that sequences can write packed (format §6), or null.</summary>
        private static string? PackableKeyword(TypeRef t)
        {
            if (t.Kind != TypeKind.Scalar) return null;
            ScalarInfo? scalar = t.ScalarRow;
            return scalar != null && scalar.PackedCode != 0 ? scalar.Keyword : null;
        }

        /// <summary>The C# name of a one-dimensional array of <paramref name="element"/> (jagged-safe: int[][] for int[]).</summary>
        private static string ArrayTypeName(TypeRef element)
        {
            string creation = ArrayCreation(element, "");
            return creation.Substring("new ".Length);
        }

        /// <summary><c>new E[dims]</c>, placing the dimensions before any array suffix of E (jagged arrays).</summary>
        private static string ArrayCreation(TypeRef element, string dims)
        {
            string full = element.FullName;
            int genericDepth = 0;
            for (int i = 0; i < full.Length; i++)
            {
                char ch = full[i];
                if (ch == '<' || ch == '(') genericDepth++;
                else if (ch == '>' || ch == ')') genericDepth--;
                else if (ch == '[' && genericDepth == 0)
                {
                    return "new " + full.Substring(0, i) + "[" + dims + "]" + full.Substring(i);
                }
            }
            return "new " + full + "[" + dims + "]";
        }
    }
}
