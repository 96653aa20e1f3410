using System;

namespace Amber
{
    /// <summary>
    /// Sets a member's key by hand (0–8191) instead of the hash of its name. Never needed: members whose
    /// names hash to one key are told apart by their names' full hashes (docs/format.md §5). It may
    /// settle which member data written by an older version belongs to; the key must be unused by the
    /// type's other members (the generator reports AMB004).
    /// </summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = true)]
    public sealed class AmberKeyAttribute : Attribute
    {
        /// <summary>Sets the key.</summary>
        public AmberKeyAttribute(int key) => Key = key;

        /// <summary>The key.</summary>
        public int Key { get; }
    }
}
