using System;

namespace Amber
{
    /// <summary>Implemented by a type that wants to finish itself after Amber has read it.</summary>
    public interface IAmberOnDeserialized
    {
        /// <summary>Called after every member has been set.</summary>
        void OnAmberDeserialized();
    }
}
