using System;

namespace Amber
{
    /// <summary>Implemented by a type that wants to prepare itself before Amber writes it.</summary>
    public interface IAmberOnSerializing
    {
        /// <summary>Called just before the object's members are read for writing.</summary>
        void OnAmberSerializing();
    }
}
