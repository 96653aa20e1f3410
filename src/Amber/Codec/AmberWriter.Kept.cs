using System;
using Amber.Format;
using Amber.Internal;
using Amber.Metadata;

namespace Amber
{
    public ref partial struct AmberWriter
    {
        /// <summary>
        /// Writes the header of an object that has members kept from other data (<paramref name="kept"/>, docs/format.md
        /// §5.2): a shape of all of <paramref name="shape"/>'s members followed by the kept ones, and the presence bits of
        /// <paramref name="presence"/> with every kept member present. The type's present members follow in shape order,
        /// then <see cref="WriteKeptMembers"/>. Without kept members this is <see cref="WriteObjectHeader(AmberShape, ulong)"/>.
        /// </summary>
        public void WriteObjectHeader(AmberShape shape, ulong presence, AmberUnknownMembers? kept)
        {
            if (kept == null || kept.Count == 0)
            {
                WriteObjectHeader(shape, presence);
                return;
            }
            if (kept.NotPortable != null)
                throw new AmberException($"{shape.TypeName} keeps an unknown member that cannot be written into another payload: {kept.NotPortable}", BytesWritten,
                    "Write the object back only into the payload it came from, or read and write it without reference mode (AmberOptions.PreserveReferences off), or drop the kept members (set the AmberUnknownMembers member to null).");
            if (shape.Tags.Length > 64) AmberThrow.WideShapeNeedsWords(shape.TypeName, shape.Tags.Length);
            if (_refs) State.ObjectCount++;
            _rootPending = false;   // the extended shape lists every member
            byte[] definition = kept.ExtendedDefinition(shape, shape.TypeName);
            WriteForeignShapeHeader(definition);
            int n = shape.Tags.Length, total = n + kept.Count;
            // Presence: the type's members as given, every kept member set; one word per 64 members (format §5).
            ulong word = presence;
            for (int i = n; i < total; i++)
            {
                if (i > 0 && (i & 63) == 0)
                {
                    WriteVarint(word);
                    word = 0;
                }
                word |= 1UL << (i & 63);
            }
            WriteVarint(word);
        }

        /// <summary>Writes the values of <paramref name="kept"/>'s members, after the type's own (see <see cref="WriteObjectHeader(AmberShape, ulong, AmberUnknownMembers?)"/>).</summary>
        public void WriteKeptMembers(AmberUnknownMembers? kept)
        {
            if (kept == null) return;
            ReadOnlySpan<ushort> tags = kept.Tags;
            for (int i = 0; i < tags.Length; i++)
            {
                var reader = new AmberReader(kept.ValueAt(i), Options, ReaderState.Rent());
                try
                {
                    reader.CopyValue((WireType)(tags[i] & AmberCode.WireTypeMask), ref this, new AmberReader.CopyContext(), countsWriterDepth: true);
                }
                finally
                {
                    reader.Dispose();
                }
            }
        }

        /// <summary>An object or rows header for a shape known only by its definition's bytes: a reference when the payload defined it, else its definition. Returns its id.</summary>
        internal int WriteForeignShapeHeader(byte[] definition)
        {
            WriterState state = State;
            int id = state.GetOrDefineForeign(definition, inline: false, out bool defined);
            if (defined)
            {
                WriteVarint(((ulong)(uint)id << 2) | AmberCode.ObjectShapeRef);
                return id;
            }
            long start = BytesWritten;
            WriteVarint(((ulong)(uint)id << 2) | AmberCode.ObjectShapeDef);
            WriteRaw(definition);
            state.DefinitionBytes += BytesWritten - start;
            return id;
        }

        /// <summary>An inline struct's header for a shape known only by its definition's bytes and codes (format §5.1). Returns its id.</summary>
        internal int WriteForeignInlineHeader(byte[] definitionAndCodes)
        {
            WriterState state = State;
            int id = state.GetOrDefineForeign(definitionAndCodes, inline: true, out bool defined);
            long start = BytesWritten;
            WriteVarint(AmberCode.InlineHeader(id));
            if (!defined)
            {
                WriteRaw(definitionAndCodes);
                state.DefinitionBytes += BytesWritten - start;
            }
            return id;
        }

        /// <summary>Reference mode: an object header written by a copy takes the next object id, as every object header does (format §7.2).</summary>
        internal void CountObject()
        {
            if (_refs) State.ObjectCount++;
        }

        /// <summary>A kept Bytes value: its length and bytes; in reference mode it takes an id, as every Bytes value does (format §7.2).</summary>
        internal void WriteKeptBytes(ReadOnlySpan<byte> value)
        {
            WriteVarint((ulong)value.Length + 1);
            WriteRaw(value);
            CountBytesValue();
        }

        /// <summary>A null Bytes value: <c>0</c>, or <c>0 0</c> in reference mode.</summary>
        internal void WriteKeptNullBytes()
        {
            WriteByteRaw(0);
            if (_refs) WriteByteRaw(0);
        }

        /// <summary>A kept sequence's or map's count; in reference mode it takes an object id (format §7.2).</summary>
        internal void WriteKeptCollectionHeader(int count)
        {
            CountCollection();
            WriteVarint((ulong)count + 1);
        }
    }
}
