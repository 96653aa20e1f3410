/**
 * The board page: joins the board's WebSocket, sends a Move when a cell is clicked, and shows every BoardEvent as it
 * arrives. Each WebSocket message is one Amber payload (messages.ts).
 */
import { decodeBoardEvent, encodeMove, stoneColours } from "./messages.js";
import type { BoardEvent, Move, StoneColour } from "./messages.js";

const boardSize = 9;

const status = element<HTMLElement>("#status");
const playerInput = element<HTMLInputElement>("#player");
const colourSelect = element<HTMLSelectElement>("#colour");
const noteInput = element<HTMLInputElement>("#note");
const tagsInput = element<HTMLInputElement>("#tags");
const boardGrid = element<HTMLElement>("#board");
const log = element<HTMLOListElement>("#log");

/** What the page has read and can do; the browser test (test/board.test.mjs) drives the page through it. */
const board = {
  /** Every event, in the order it arrived. */
  events: [] as BoardEvent[],
  /** Payloads that did not read, with why. */
  errors: [] as string[],
  /** How the socket closed, once it has. */
  closed: null as { code: number; reason: string } | null,
  /** This page's player id (from the Welcome event). */
  me: 0,
  turn: 0,
  send(move: Move): void {
    socket.send(encodeMove(move));
  },
  /** Sends bytes as they are: the server must refuse anything that is not a move. */
  sendBytes(bytes: Uint8Array): void {
    socket.send(bytes);
  },
  encodeMove,
};
(window as unknown as { board: typeof board }).board = board;

for (const colour of stoneColours) colourSelect.add(new Option(colour, colour));
const cells: HTMLButtonElement[] = [];
for (let row = 0; row < boardSize; row++) {
  for (let column = 0; column < boardSize; column++) {
    const cell = document.createElement("button");
    cell.type = "button";
    cell.title = `${row}, ${column}`;
    cell.addEventListener("click", () => place(row, column));
    boardGrid.append(cell);
    cells.push(cell);
  }
}

const url = new URL("board", location.href);
url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
const socket = new WebSocket(url);
socket.binaryType = "arraybuffer";
status.textContent = "Connecting…";

socket.addEventListener("message", (message: MessageEvent) => {
  let event: BoardEvent;
  try {
    event = decodeBoardEvent(new Uint8Array(message.data as ArrayBuffer));
  } catch (e) {
    board.errors.push(String(e));
    show(`A message did not read: ${String(e)}`);
    return;
  }
  board.events.push(event);
  showEvent(event);
});

socket.addEventListener("close", (e: CloseEvent) => {
  board.closed = { code: e.code, reason: e.reason };
  status.textContent = `Disconnected (${e.code}${e.reason ? ": " + e.reason : ""})`;
});

function place(row: number, column: number): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  board.send({
    Player: playerInput.value,
    Colour: colourSelect.value as StoneColour,
    At: { Row: row, Column: column },
    Turn: ++board.turn,
    Note: noteInput.value,
    Tags: tagsInput.value.split(",").map((t) => t.trim()).filter((t) => t !== ""),
  });
}

function showEvent(event: BoardEvent): void {
  const move = event.Move;
  switch (event.Kind) {
    case "Welcome":
      board.me = event.Sender;
      status.textContent = `Connected as player ${event.Sender}: click a cell to place a stone.`;
      return show(`You are player ${event.Sender}.`);
    case "Joined":
      return show(`Player ${event.Sender} joined.`);
    case "Left":
      return show(`Player ${event.Sender} left.`);
    case "Placed":
    case "Acknowledged": {
      if (move === null) return;
      const cell = cells[move.At.Row * boardSize + move.At.Column];
      // A colour a newer server added reads as its number (the generated type says so): no background for it.
      if (cell !== undefined && typeof move.Colour === "string") cell.style.background = move.Colour.toLowerCase();
      const who = event.Kind === "Placed" ? `Player ${event.Sender} (${move.Player})` : "You";
      const tags = move.Tags !== null && move.Tags.length > 0 ? ` [${move.Tags.join(", ")}]` : "";
      return show(`#${event.Sequence} ${who} placed ${move.Colour} at ${move.At.Row}, ${move.At.Column} (turn ${move.Turn}): ${move.Note}${tags}`);
    }
  }
}

function show(line: string): void {
  const item = document.createElement("li");
  item.textContent = line;
  log.prepend(item);
}

function element<T extends Element>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`The page has no ${selector}`);
  return found;
}
