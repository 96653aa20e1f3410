using System;
using System.ComponentModel;

namespace Amber.Metadata
{
    /// <summary>Calls a type's callbacks in place (no boxing of structs). Public for generated code.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberCallbacks
    {
        /// <summary>Calls <see cref="IAmberOnSerializing.OnAmberSerializing"/>.</summary>
        public static void Serializing<T>(ref T value) where T : IAmberOnSerializing => value.OnAmberSerializing();

        /// <summary>Calls <see cref="IAmberOnDeserialized.OnAmberDeserialized"/>.</summary>
        public static void Deserialized<T>(ref T value) where T : IAmberOnDeserialized => value.OnAmberDeserialized();
    }
}
