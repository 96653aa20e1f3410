/**
 * The board's messages (Messages.cs on the server) and their Amber payloads, written and read with the runtime's generic
 * payload tree (`writePayload` / `readPayload`, docs/format.md). The rest of the page uses only what this module exports:
 * the types, `encodeMove` and `decodeBoardEvent`, so code generated from the server's schema can take its place.
 */
import { AmberError, memberKey, readPayload, withLimits, WireType, writePayload } from "@amber-serializer/amber";
import type { Shape, Value } from "@amber-serializer/amber";

/** StoneColour's members, in the order of their values (0, 1, 2 …). */
export const stoneColours = ["Black", "White", "Red", "Green", "Blue", "Violet"] as const;
export type StoneColour = (typeof stoneColours)[number];

/** BoardEventKind's members, in the order of their values. */
export const boardEventKinds = ["Welcome", "Joined", "Placed", "Acknowledged", "Left"] as const;
export type BoardEventKind = (typeof boardEventKinds)[number];

/** Members keep their C# names, so a payload's members and these properties say the same. */
export interface Cell {
  Row: number;
  Column: number;
}

export interface Move {
  Player: string;
  Colour: StoneColour;
  At: Cell;
  Turn: number;
  Note: string;
  Tags: string[];
}

export interface BoardEvent {
  Kind: BoardEventKind;
  Sender: number;
  Sequence: number;
  Move: Move | null;
}

/** What the page reads from the server: far more than a board event needs, far less than the defaults' 1 GiB. */
const limits = withLimits({ maxInputBytes: 64 * 1024, maxStringLength: 4096, maxCollectionLength: 64, maxDepth: 8 });

/** A member's tag: its key (a hash of its C# name, §4) and its wire type (§3). */
function tag(name: string, wireType: WireType): number {
  return (memberKey(name) << 3) | wireType;
}

/** Cell is a struct of two ints: written inline (§5.1), one row of two 4-byte little-endian values (packed code 5). */
const intCode = 5;
const cellShape: Shape = { tags: [tag("Row", WireType.Varint), tag("Column", WireType.Varint)], typeTag: null, hashes: [], codes: [intCode, intCode] };

/** Move's shape (§5): every member, in declaration order, as the server's own shape has them (its fastest read). */
const moveShape: Shape = {
  tags: [
    tag("Player", WireType.Bytes),
    tag("Colour", WireType.Varint),
    tag("At", WireType.Object),
    tag("Turn", WireType.Varint),
    tag("Note", WireType.Bytes),
    tag("Tags", WireType.Sequence),
  ],
  typeTag: null,
  hashes: [],
  codes: null,
};

/** The payload of a move (§2: a header byte, then the root object). */
export function encodeMove(move: Move): Uint8Array {
  const colour = stoneColours.indexOf(move.Colour);
  if (colour < 0) throw new AmberError(`Move.Colour "${move.Colour}" is not a StoneColour`, 0, `Use one of ${stoneColours.join(", ")}.`);
  const row = new Uint8Array(8);
  const view = new DataView(row.buffer);
  view.setInt32(0, int32(move.At.Row, "Move.At.Row"), true);
  view.setInt32(4, int32(move.At.Column, "Move.At.Column"), true);
  return writePayload({
    version: 1,
    referenceMode: false,
    wireType: WireType.Object,
    root: {
      t: WireType.Object,
      shape: moveShape,
      members: [
        text(move.Player),
        varint(colour),
        { t: WireType.Object, inline: cellShape, row },
        varint(int32(move.Turn, "Move.Turn")),
        text(move.Note),
        { t: WireType.Sequence, desc: move.Tags.length > 0 ? WireType.Bytes : -1, count: move.Tags.length, items: move.Tags.map(text) },
      ],
    },
  });
}

/** Reads the payload of a board event; an AmberError for anything else. */
export function decodeBoardEvent(bytes: Uint8Array): BoardEvent {
  const payload = readPayload(bytes, limits);
  const event: BoardEvent = { Kind: "Welcome", Sender: 0, Sequence: 0, Move: null };
  // Members are found by key, not position: a member the page does not know is skipped, one the data lacks keeps its
  // default (docs/versioning.md). The server's root object lists only the members it has (§5).
  for (const [key, value] of membersOf(payload.root, "BoardEvent")) {
    if (key === memberKey("Kind")) event.Kind = enumMember(boardEventKinds, int(value, "BoardEvent.Kind"), "BoardEvent.Kind");
    else if (key === memberKey("Sender")) event.Sender = int(value, "BoardEvent.Sender");
    else if (key === memberKey("Sequence")) event.Sequence = int(value, "BoardEvent.Sequence");
    else if (key === memberKey("Move")) event.Move = value === null ? null : decodeMove(value);
  }
  return event;
}

function decodeMove(node: Value): Move {
  const move: Move = { Player: "", Colour: "Black", At: { Row: 0, Column: 0 }, Turn: 0, Note: "", Tags: [] };
  for (const [key, value] of membersOf(node, "Move")) {
    if (key === memberKey("Player")) move.Player = string(value, "Move.Player");
    else if (key === memberKey("Colour")) move.Colour = enumMember(stoneColours, int(value, "Move.Colour"), "Move.Colour");
    else if (key === memberKey("At")) move.At = decodeCell(value);
    else if (key === memberKey("Turn")) move.Turn = int(value, "Move.Turn");
    else if (key === memberKey("Note")) move.Note = string(value, "Move.Note");
    else if (key === memberKey("Tags")) move.Tags = strings(value, "Move.Tags");
  }
  return move;
}

/** An inline Cell: its row holds each member at the offset the widths of the members before it add up to. */
function decodeCell(node: Value | null): Cell {
  if (node === null || !("inline" in node)) throw wrong("Move.At", "an inline Cell");
  const cell: Cell = { Row: 0, Column: 0 };
  const view = new DataView(node.row.buffer, node.row.byteOffset, node.row.byteLength);
  let offset = 0;
  node.inline.tags.forEach((t, i) => {
    const code = node.inline.codes![i]!;
    if (code === intCode && t >> 3 === memberKey("Row")) cell.Row = view.getInt32(offset, true);
    else if (code === intCode && t >> 3 === memberKey("Column")) cell.Column = view.getInt32(offset, true);
    offset += packedWidths[code] ?? 0;
  });
  return cell;
}

/** Bytes of each packed primitive code (§6.1). */
const packedWidths = [0, 1, 1, 2, 2, 4, 4, 8, 8, 4, 8, 1, 2];

/** An object's present members by key; a member absent from the payload is absent here. */
function membersOf(node: Value | null, type: string): Map<number, Value | null> {
  if (node === null || !("shape" in node)) throw wrong(type, `a ${type} object`);
  const members = new Map<number, Value | null>();
  node.shape.tags.forEach((t, i) => {
    const value = node.members[i];
    if (value !== undefined) members.set(t >> 3, value);
  });
  return members;
}

function wrong(where: string, expected: string): AmberError {
  return new AmberError(`${where} is not ${expected}`, 0, "The payload is not a board message of this version.");
}

function int32(n: number, where: string): number {
  if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) throw new AmberError(`${where} (${n}) is not a 32-bit integer`, 0, "Give an int.");
  return n;
}

/** An int member: a zigzag varint (§1). */
function varint(n: number): Value {
  return { t: WireType.Varint, v: n >= 0 ? 2 * n : -2 * n - 1 };
}

function int(node: Value | null, where: string): number {
  if (node === null || node.t !== WireType.Varint || !("v" in node) || typeof node.v !== "number") throw wrong(where, "an int");
  const n = node.v % 2 === 0 ? node.v / 2 : -(node.v + 1) / 2;
  return int32(n, where);
}

function enumMember<T extends string>(names: readonly T[], value: number, where: string): T {
  const name = names[value];
  if (name === undefined) throw new AmberError(`${where} is ${value}, which this page does not know`, 0, "Update the page to the server's version.");
  return name;
}

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder("utf-8", { fatal: true });

/** A string member: its UTF-8 bytes (§3.1). */
function text(s: string): Value {
  return { t: WireType.Bytes, v: utf8.encode(s) };
}

function string(node: Value | null, where: string): string {
  if (node === null) return "";
  if (node.t !== WireType.Bytes || !("v" in node)) throw wrong(where, "a string");
  try {
    return utf8Strict.decode(node.v);
  } catch {
    throw wrong(where, "UTF-8 text");
  }
}

function strings(node: Value | null, where: string): string[] {
  if (node === null) return [];
  if (node.t !== WireType.Sequence || !("count" in node)) throw wrong(where, "a list of strings");
  return (node.items ?? []).map((item, i) => string(item, `${where}[${i}]`));
}
