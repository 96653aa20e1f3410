// The board in real browser pages: two pages join, each sends its moves through the page's own code (messages.ts), and
// each must see every move of the other, in order and unchanged, and an acknowledgement of each of its own. Halfway, a
// third page sends a damaged payload and a fourth an oversized one: the server must disconnect each (policy violation)
// while the other two go on.
//
//   node board.test.mjs http://127.0.0.1:PORT/      (run-browser-test.sh starts the server and passes its address)
//
// Environment: BOARD_MESSAGES (moves each page sends, default 40), CHROMIUM (default /usr/bin/chromium).
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import puppeteer from "puppeteer-core";

const url = process.argv[2];
if (!url) {
  console.error("usage: node board.test.mjs http://127.0.0.1:PORT/");
  process.exit(2);
}
const perPage = Number(process.env.BOARD_MESSAGES ?? 40);
if (!Number.isInteger(perPage) || perPage < 2) {
  console.error(`browser: FAILED: BOARD_MESSAGES must be an integer of at least 2, not ${process.env.BOARD_MESSAGES}`);
  process.exit(2);
}
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
// The limit of every wait on the browser or the network. Waits poll every 50 ms: by default they poll on animation
// frames, which a page in the background does not get.
const step = 15_000;

// Starting Chromium is bounded on its own: the first start after apt installs it, on a busy machine, has taken more
// than 15 s. Each attempt may take a minute, and a second attempt follows one that timed out.
const launchLimit = 60_000;
// Once the browser runs, the whole test is bounded: whatever hangs, the process ends with a message.
const testLimit = 60_000;

const colours = ["Black", "White", "Red", "Green", "Blue", "Violet"];
const names = ["Zoë Ångström", "李雷"];
const notes = [
  "",
  "plain ASCII",
  "naïve café — déjà vu",
  "🎲 🀄 beyond the BMP",
  "עברית والعربية",
  "quotes \" and \\ backslash, tab\tand\nnewline",
  "nul \u0000 inside",
  "long " + "ж".repeat(300),
];
const tagSets = [[], ["opening"], ["ko", "атака"], ["a", "b", "c", "d", "🙂"]];
// Turn is an int: the ends of its range, zero and negatives go through the zigzag varints too.
const turns = [2147483647, -2147483648, 0, -1];

const readmeExample = "15 02 0c 04 fd 98 83 b5 a8 50 c0 f4 1a 86 a9 3f 04 41 64 61 04 08 04 b8 0f 30 e2 05 05 03 00 00 00 04 00 00 00 02 03 68 69 02 04 03 6b 6f";

/** The i-th move page p sends: every field varies. */
function moveOf(p, i) {
  return {
    Player: i % 3 === 0 ? `${names[p]} ${i}` : names[p],
    Colour: colours[(i + p) % colours.length],
    At: { Row: (2 * i + p) % 9, Column: (5 * i + 3 * p) % 9 },
    Turn: turns[i] ?? (p === 0 ? i + 1 : -(i + 1) * 100_003),
    Note: notes[(i + p) % notes.length],
    Tags: tagSets[(i + 2 * p) % tagSets.length],
  };
}

async function join(browser, label) {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(String(e)));
  await page.goto(url, { waitUntil: "load", timeout: step });
  await page.waitForFunction(() => window.board !== undefined && window.board.me > 0, { timeout: step, polling: 50 }).catch(() => {
    throw new Error(`page ${label} did not get its Welcome from the server within ${step / 1000} s (${problems.join("; ") || "no page error"})`);
  });
  const id = await page.evaluate(() => window.board.me);
  return { page, label, id, problems };
}

/** Fails with the first difference between two lists, both sides shown. */
function sameList(actual, expected, what) {
  const i = actual.findIndex((a, k) => !isDeepStrictEqual(a, expected[k]));
  if (i >= 0) assert.fail(`${what}: item ${i} is ${JSON.stringify(actual[i])}, expected ${JSON.stringify(expected[i])}`);
  if (actual.length !== expected.length) assert.fail(`${what}: ${actual.length} items, expected ${expected.length}`);
}

/** A page that sends one payload the server must refuse, and is closed with 1008 and a reason that matches `why`. */
async function refused(browser, label, kind, why) {
  const intruder = await join(browser, label);
  await intruder.page.evaluate((k) => {
    const move = { Player: "?", Colour: "Red", At: { Row: 1, Column: 1 }, Turn: 1, Note: "damaged here", Tags: [] };
    if (k === "oversized") move.Note = "ж".repeat(2100); // 4,200 bytes of UTF-8
    const bytes = window.board.encodeMove(move);
    if (k === "damaged") {
      const marker = new TextEncoder().encode("damaged here");
      bytes[bytes.findIndex((_, i) => marker.every((b, j) => bytes[i + j] === b))] = 0xff;
    }
    window.board.sendBytes(bytes);
  }, kind);
  await intruder.page.waitForFunction(() => window.board.closed !== null, { timeout: step, polling: 50 }).catch(() => {
    throw new Error(`the server did not close page ${label} within ${step / 1000} s after its ${kind} payload`);
  });
  intruder.closed = await intruder.page.evaluate(() => window.board.closed);
  const { code, reason } = intruder.closed;
  assert.equal(code, 1008, `page ${label} (${kind}) was closed with ${code} (${reason}), not 1008 (policy violation)`);
  assert.match(reason, why, `page ${label} (${kind}): the close reason should say what Amber refused: ${reason}`);
  return intruder;
}

function send(page, moves) {
  return page.page.evaluate((ms) => {
    for (const m of ms) window.board.send(m);
  }, moves);
}

async function launch() {
  const options = {
    executablePath: chromium,
    headless: true,
    protocolTimeout: step,
    timeout: launchLimit,
    args: [...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), "--disable-gpu", "--disable-dev-shm-usage"],
  };
  for (let attempt = 1; ; attempt++) {
    const started = Date.now();
    try {
      const launched = await puppeteer.launch(options);
      console.error(`board.test: Chromium started in ${((Date.now() - started) / 1000).toFixed(1)} s (attempt ${attempt})`);
      return launched;
    } catch (e) {
      if (attempt === 2 || !(e instanceof Error) || e.name !== "TimeoutError") {
        console.error(`browser: FAILED: Chromium (${chromium}) did not start: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      }
      console.error(`board.test: Chromium did not start within ${launchLimit / 1000} s; trying once more`);
    }
  }
}

const browser = await launch();
setTimeout(() => {
  console.error(`browser: FAILED: the test did not finish within ${testLimit / 1000} s of Chromium starting`);
  process.exit(1);
}, testLimit).unref();
try {
  const pages = [await join(browser, "A"), await join(browser, "B")];
  // The payload README.md takes apart, byte for byte, as the page writes it.
  const example = await pages[0].page.evaluate(() => {
    const bytes = window.board.encodeMove({ Player: "Ada", Colour: "Red", At: { Row: 3, Column: 4 }, Turn: 1, Note: "hi", Tags: ["ko"] });
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");
  });
  assert.equal(example, readmeExample, "the example move's payload differs from README.md's");
  const sent = pages.map((_, p) => Array.from({ length: perPage }, (_, i) => moveOf(p, i)));
  const half = Math.floor(perPage / 2);
  await Promise.all(pages.map((pg, p) => send(pg, sent[p].slice(0, half))));

  // Halfway, a third page sends a move with one byte damaged (the first byte of its note becomes 0xFF: not UTF-8), and
  // a fourth one larger than the server's MaxInputBytes (4 KiB): each must be disconnected, saying why.
  const damaged = await refused(browser, "C", "damaged", /UTF-8/);
  const oversized = await refused(browser, "D", "oversized", /above the limit of 4096/);
  const intruders = [damaged, oversized];

  await Promise.all(pages.map((pg, p) => send(pg, sent[p].slice(half))));

  // Wait until each page has every move of the other and every acknowledgement of its own, or say what is missing.
  for (const [p, pg] of pages.entries()) {
    const other = pages[1 - p];
    await pg.page
      .waitForFunction(
        (otherId, n) => {
          const events = window.board.events;
          return events.filter((e) => e.Kind === "Placed" && e.Sender === otherId).length >= n && events.filter((e) => e.Kind === "Acknowledged").length >= n;
        },
        { timeout: step, polling: 50 },
        other.id,
        perPage,
      )
      .catch(async () => {
        const events = await pg.page.evaluate(() => window.board.events);
        const placed = events.filter((e) => e.Kind === "Placed" && e.Sender === other.id).length;
        const acks = events.filter((e) => e.Kind === "Acknowledged").length;
        throw new Error(`page ${pg.label} saw ${placed} of ${perPage} moves of page ${other.label} and ${acks} of ${perPage} acknowledgements within ${step / 1000} s`);
      });
  }

  const seen = await Promise.all(pages.map((pg) => pg.page.evaluate(() => ({ events: window.board.events, errors: window.board.errors, closed: window.board.closed }))));
  for (const [p, pg] of pages.entries()) {
    const other = pages[1 - p];
    const { events, errors, closed: pageClosed } = seen[p];
    sameList(errors, [], `page ${pg.label}: payloads that did not read`);
    sameList(pg.problems, [], `page ${pg.label}: script errors`);
    assert.equal(pageClosed, null, `page ${pg.label} was disconnected`);
    const placed = events.filter((e) => e.Kind === "Placed");
    sameList(placed.filter((e) => e.Sender === other.id).map((e) => e.Move), sent[1 - p], `page ${pg.label}: the moves of page ${other.label}, in order and unchanged`);
    sameList(placed.filter((e) => e.Sender !== other.id), [], `page ${pg.label}: moves from a page other than ${other.label} (the refused ones must not pass)`);
    const acks = events.filter((e) => e.Kind === "Acknowledged");
    sameList(acks.map((e) => e.Move), sent[p], `page ${pg.label}: its own moves as acknowledged, in order and unchanged`);
    assert.ok(acks.every((e) => e.Sender === pg.id), `page ${pg.label}: an acknowledgement names another sender`);
    // One order for the whole board: sequence numbers rise on every page, and a move has the same number everywhere.
    const sequences = events.filter((e) => e.Sequence > 0).map((e) => e.Sequence);
    assert.ok(sequences.every((s, i) => i === 0 || s > sequences[i - 1]), `page ${pg.label}: sequence numbers out of order: ${sequences.join(" ")}`);
    const othersAcks = seen[1 - p].events.filter((e) => e.Kind === "Acknowledged").map((e) => e.Sequence);
    sameList(placed.filter((e) => e.Sender === other.id).map((e) => e.Sequence), othersAcks, `page ${pg.label}: sequence numbers differ from page ${other.label}'s acknowledgements`);
    for (const intruder of intruders) {
      for (const kind of ["Joined", "Left"]) {
        assert.ok(events.some((e) => e.Kind === kind && e.Sender === intruder.id), `page ${pg.label} was not told page ${intruder.label} ${kind.toLowerCase()}`);
      }
    }
  }
  const firstSentence = (text) => text.split(". ")[0];
  console.log(
    `browser: 2 pages, ${perPage} messages each way, all seen unchanged and acknowledged in order; ` +
      `damaged payload refused (${damaged.closed.code}: ${firstSentence(damaged.closed.reason)}); ` +
      `oversized payload refused (${oversized.closed.code}: ${firstSentence(oversized.closed.reason)})`,
  );
} catch (e) {
  console.error(`browser: FAILED: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
