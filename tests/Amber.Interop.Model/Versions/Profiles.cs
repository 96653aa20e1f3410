namespace Amber.Interop.Model.Versions.V1
{
    /// <summary>The first version of a profile.</summary>
    public class Profile
    {
        /// <summary>Name.</summary>
        public string Name { get; set; } = "";
        /// <summary>Age.</summary>
        public int Age { get; set; }
        /// <summary>E-mail address.</summary>
        public string? Email { get; set; }
        /// <summary>A member the second version removed.</summary>
        public string? Fax { get; set; }
    }
}

namespace Amber.Interop.Model.Versions.V2
{
    /// <summary>
    /// The second version of <see cref="V1.Profile"/>: <c>Age</c> widened to long, <c>Email</c> renamed to <c>Mail</c>
    /// (its wire name stays <c>Email</c>), <c>Nickname</c> added, <c>Fax</c> removed, members reordered.
    /// </summary>
    public class Profile
    {
        /// <summary>Added in this version.</summary>
        public string? Nickname { get; set; }
        /// <summary>Renamed from Email.</summary>
        [AmberFormerName("Email")]
        public string? Mail { get; set; }
        /// <summary>Widened from int.</summary>
        public long Age { get; set; }
        /// <summary>Name.</summary>
        public string Name { get; set; } = "";
    }
}
