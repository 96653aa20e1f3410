/**
 * The schema-driven typed reader and writer: `loadSchema` compiles a schema document into an `AmberModel` that decodes
 * and encodes values of its types. Its parts are in `typed/`: the decode and encode state, the codecs of scalars,
 * sequences and maps, object types, polymorphic positions, kept members, and the model.
 */

export { AmberModel, loadSchema, SCALAR_CODES } from "./typed/model.js";
export type { DecodeOptions, EncodeOptions } from "./typed/model.js";
export { keptMembers } from "./typed/kept.js";
export type { KeptMember } from "./typed/kept.js";
export { TypeInfo } from "./typed/objects.js";
export type { MemberInfo } from "./typed/objects.js";
export { roundHalf } from "./typed/scalars.js";
export type { Codec } from "./typed/scalars.js";
