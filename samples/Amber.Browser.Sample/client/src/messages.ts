/**
 * The board's messages (Messages.cs on the server) for the page. The types, the schema and the typed codec are generated
 * by `amber-ts` from `board.schema.json` (the server's schema, `amber schema`) into `board.generated.ts` at every build;
 * this module only adds what the page wants on top: the colours for the form, and the limits events are read with.
 */
import { withLimits } from "@amber-serializer/amber";
import { decodeBoardEvent as decodeEvent, encodeMove, schema } from "./board.generated.js";
import type { BoardEvent } from "./board.generated.js";

export type { BoardEvent, BoardEventKind, Cell, Move, StoneColour } from "./board.generated.js";
export { encodeMove };

/** StoneColour's member names, in the order of their values, from the schema. */
export const stoneColours = Object.keys(schema.types.find((t) => t.name === "Amber.Browser.Sample.StoneColour")!.encoding!.enum.values) as ("Black" | "White" | "Red" | "Green" | "Blue" | "Violet")[];

/** What the page reads from the server: far more than a board event needs, far less than the defaults' 1 GiB. */
const limits = withLimits({ maxInputBytes: 64 * 1024, maxStringLength: 4096, maxCollectionLength: 64, maxDepth: 8 });

/** Reads the payload of a board event; an AmberError for anything else. */
export function decodeBoardEvent(bytes: Uint8Array): BoardEvent {
  return decodeEvent(bytes, { limits });
}
