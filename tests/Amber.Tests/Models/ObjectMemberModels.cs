using System.Collections.Generic;
using Amber.Tests.Models.Poly;

namespace Amber.Tests.Models.Objects
{
    // Members declared as object (docs/format.md §7.1: every value there has a typed shape). Used by
    // tests/Amber.Tests/Serialization/ObjectMemberTests.cs. Versions of one type are two classes with the
    // same member names, as in VersionModels.cs.

    public class Envelope
    {
        public string? Kind { get; set; }
        public object? Body { get; set; }
        public List<object>? Items { get; set; }
        public object[]? Array { get; set; }
        public Dictionary<string, object>? Map { get; set; }
        public int Trailer { get; set; }
    }

    /// <summary>The smallest payload with an object member: the golden-byte tests derive it by hand.</summary>
    public class Cell
    {
        public object? Value { get; set; }
    }

    /// <summary>The same member name as <see cref="Cell"/>, declared with a polymorphic model type.</summary>
    public class WeaponCell
    {
        public Weapon? Value { get; set; }
    }

    /// <summary>The same member name as <see cref="Cell"/>, declared as a concrete model type (no typed shape).</summary>
    public class KeyCell
    {
        public Key? Value { get; set; }
    }

    /// <summary>The same member name as <see cref="Cell"/>, declared as an int (wire type Varint).</summary>
    public class IntCell
    {
        public int Value { get; set; }
    }

    // ---- an object member added in a newer version: the old reader skips it

    public class NoteV1
    {
        public string? Title { get; set; }
        public Weapon? Main { get; set; }
        public int Count { get; set; }
    }

    public class NoteV2
    {
        public string? Title { get; set; }
        public object? Attachment { get; set; }
        public Weapon? Main { get; set; }
        public List<object>? Extras { get; set; }
        public int Count { get; set; }
    }

    // ---- reference mode: the same instance in several object members

    public class SharedCells
    {
        public object? First { get; set; }
        public object? Second { get; set; }
        public string? Text { get; set; }
        public List<object>? All { get; set; }
    }

    // ---- reference mode across versions: the newer version adds an object member before one both have

    public class TagsV1
    {
        public object? Kept { get; set; }
        public string? Label { get; set; }
    }

    public class TagsV2
    {
        public object? Added { get; set; }
        public object? Kept { get; set; }
        public string? Label { get; set; }
    }

    /// <summary>
    /// Reached by the generator only as a member of <see cref="StickerBook"/> (a root): that is enough for
    /// its codec to be registered, so it can be placed in object members too.
    /// </summary>
    public class Sticker
    {
        public string? Caption { get; set; }
        public object? Payload { get; set; }
    }

    public class StickerBook
    {
        public Sticker? Cover { get; set; }
    }

    /// <summary>A class the generator never sees (only in object members, nothing reaches it).</summary>
    public sealed class Unseen
    {
        public int Value { get; set; }
    }

    public enum Mood
    {
        Calm,
        Angry,
    }
}
