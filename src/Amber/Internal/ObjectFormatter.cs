namespace Amber.Internal
{
    /// <summary>
    /// The formatter of <c>object</c> as a root: a value of any registered type with its type's tag (format §7.3). It needs
    /// no generated code, so the registry holds it from the start; the one the generator writes for a project that
    /// serializes <c>object</c> does the same.
    /// </summary>
    internal sealed class ObjectFormatter : IAmberFormatter<object>
    {
        public static readonly ObjectFormatter Instance = new ObjectFormatter();

        public WireType WireType => WireType.Object;

        public void Write(ref AmberWriter writer, object value) => AmberKnownTypes.WriteObject(ref writer, value);

        public object Read(ref AmberReader reader, WireType wireType)
        {
            reader.Expect(wireType, WireType.Object, "an object");
            return AmberKnownTypes.ReadObject(ref reader)!;
        }
    }
}
