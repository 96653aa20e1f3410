using System;
using System.Collections.Generic;
using System.Text;

namespace Amber
{
    /// <summary>
    /// The one exception Amber throws for a failure caused by the input bytes or by a limit. Its
    /// message says what went wrong, at which byte offset, in which member path, and what to do.
    /// </summary>
    public class AmberException : Exception
    {
        private readonly List<string> _reversedPath = new List<string>();
        private string? _rootType;

        /// <summary>Creates an exception with a plain message.</summary>
        public AmberException(string message) : this(message, -1, null, null) { }

        /// <summary>Creates an exception with a plain message and an inner exception.</summary>
        public AmberException(string message, Exception? inner) : this(message, -1, null, inner) { }

        /// <summary>Creates an exception.</summary>
        /// <param name="problem">What went wrong.</param>
        /// <param name="byteOffset">Where in the input, or -1 if not tied to an offset (writing).</param>
        /// <param name="fix">What the user can do, or null.</param>
        /// <param name="inner">The underlying exception, if any.</param>
        public AmberException(string problem, long byteOffset, string? fix, Exception? inner = null)
            : base(problem, inner)
        {
            Problem = problem;
            ByteOffset = byteOffset;
            Fix = fix;
        }

        /// <summary>What went wrong, without location.</summary>
        public string Problem { get; }

        /// <summary>The byte offset in the payload where the problem was found, or -1.</summary>
        public long ByteOffset { get; }

        /// <summary>What to do about it, if Amber can tell.</summary>
        public string? Fix { get; }

        /// <summary>The member path, such as <c>Shelf.Books[3].Title</c>: the root type's name (or <c>$</c> when unknown) and the members and indexes below it.</summary>
        public string MemberPath
        {
            get
            {
                var sb = new StringBuilder(_rootType ?? "$");
                for (int i = _reversedPath.Count - 1; i >= 0; i--) sb.Append(_reversedPath[i]);
                return sb.ToString();
            }
        }

        /// <inheritdoc />
        public override string Message
        {
            get
            {
                var sb = new StringBuilder(Problem);
                if (ByteOffset >= 0) sb.Append(" (at byte offset ").Append(ByteOffset).Append(')');
                if (_reversedPath.Count > 0 || _rootType != null) sb.Append(" in ").Append(MemberPath);
                sb.Append('.');
                if (Fix != null) sb.Append(' ').Append(Fix);
                return sb.ToString();
            }
        }

        /// <summary>Called while unwinding: adds a member (<c>.Name</c>) to the front of the path.</summary>
        public void PrependMember(string name) => _reversedPath.Add("." + name);

        /// <summary>Called while unwinding: adds an index (<c>[3]</c>) or key to the front of the path.</summary>
        public void PrependIndex(long index) => _reversedPath.Add("[" + index + "]");

        /// <summary>
        /// For generated code's exception filters: adds a member (<c>.Name</c>, nothing when null) to the
        /// front of the path while the exception passes, and returns false so nothing is caught or rethrown.
        /// </summary>
        public bool PassingMember(string? name)
        {
            if (name != null) PrependMember(name);
            return false;
        }

        /// <summary>For generated code's exception filters: adds an index to the front of the path and returns false.</summary>
        public bool PassingIndex(long index)
        {
            PrependIndex(index);
            return false;
        }

        /// <summary>Sets the root type name shown at the start of the path (set once, by the outermost frame).</summary>
        public void SetRoot(string typeName) => _rootType ??= typeName;
    }
}
