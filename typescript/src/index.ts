export { AmberError } from "./errors.js";
export { defaultLimits, withLimits } from "./limits.js";
export type { AmberLimits } from "./limits.js";
export { fnv1a32, fold13, memberKey, xxh32 } from "./primitives.js";
export { WireType, wireNames } from "./tree.js";
export type { Payload, Shape, Value } from "./tree.js";
export { AmberReader, readPayload, ShapeTable } from "./reader.js";
export { dumpPayload, dumpValue } from "./dump.js";
export {
  compressionNames, ConnectionReader, dumpChunkedStream, dumpConnection, isChunkedStream, lz4DecodeBlock,
  readChunkedStream, readConnection, readMessages, tryReadMessage, writeChunkedStream, writeMessages,
} from "./streams.js";
export type { ChunkedStream, Connection, ConnectionMessage, FrameToWrite, StreamFrame } from "./streams.js";
export { AmberWriter, ShapeIds, writePayload } from "./writer.js";
export { AmberModel, keptMembers, loadSchema, TypeInfo } from "./typed.js";
export type { Codec, DecodeOptions, EncodeOptions, KeptMember, MemberInfo } from "./typed.js";
export { parseSchema } from "./schema.js";
export type { SchemaDocument, SchemaMember, SchemaNode, SchemaType } from "./schema.js";
export { AmberDateTime, AmberDateTimeOffset, MultiArray } from "./values.js";
export type { DateTimeKind } from "./values.js";
export { ByteWriter } from "./bytes.js";
export { generateTypes } from "./codegen.js";
export type { GenerateOptions } from "./codegen.js";
