/**
 * JSON text as the .NET dump writes it: System.Text.Json's indented layout (two spaces, `"name": value`, `[]` and `{}`
 * when empty), its relaxed escaping, and .NET's shortest round-trip number formats; and `parseJsonExact`, JSON text
 * read with 64-bit integers kept exact (the schema document's enum values).
 */
const indents: string[] = [];

export class JsonText {
  private readonly out: string[] = [];
  private readonly counts: number[] = [];
  private afterName = false;

  private indent(): string {
    const n = this.counts.length;
    return indents[n] ?? (indents[n] = "\n" + "  ".repeat(n));
  }

  private beforeValue(): void {
    if (this.afterName) {
      this.afterName = false;
      return;
    }
    const n = this.counts.length;
    if (n === 0) return;
    if (this.counts[n - 1]! > 0) this.out.push(",");
    this.out.push(this.indent());
    this.counts[n - 1]!++;
  }

  /** Writes a property name. */
  name(text: string): void {
    const n = this.counts.length;
    if (this.counts[n - 1]! > 0) this.out.push(",");
    this.out.push(this.indent(), quote(text), ": ");
    this.counts[n - 1]!++;
    this.afterName = true;
  }

  /** Writes a value already in JSON form (a number, a literal, a quoted string). */
  raw(json: string): void {
    this.beforeValue();
    this.out.push(json);
  }

  /** Writes a string value. */
  string(text: string): void {
    this.raw(quote(text));
  }

  startObject(): void {
    this.beforeValue();
    this.out.push("{");
    this.counts.push(0);
  }

  endObject(): void {
    this.end("}");
  }

  startArray(): void {
    this.beforeValue();
    this.out.push("[");
    this.counts.push(0);
  }

  endArray(): void {
    this.end("]");
  }

  private end(c: string): void {
    const n = this.counts.pop()!;
    if (n > 0) this.out.push(this.indent());
    this.out.push(c);
  }

  /** The text so far. */
  toString(): string {
    return this.out.join("");
  }
}

const hexUpper = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");

/** A JSON string literal, escaped as System.Text.Json's relaxed encoder does. */
export function quote(text: string): string {
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0x7f) {
      plain = false;
      break;
    }
  }
  if (plain) return '"' + text + '"';
  let s = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 0x22: s += '\\"'; continue;
      case 0x5c: s += "\\\\"; continue;
      case 0x0a: s += "\\n"; continue;
      case 0x0d: s += "\\r"; continue;
      case 0x09: s += "\\t"; continue;
      case 0x08: s += "\\b"; continue;
      case 0x0c: s += "\\f"; continue;
    }
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029 || c === 0xfeff
      || (c >= 0xe000 && c <= 0xf8ff) || c === 0xfffe || c === 0xffff || c === 0xad || (c >= 0xfff9 && c <= 0xfffb)) {
      s += "\\u" + hexUpper(c);
    } else s += text[i];
  }
  return s + '"';
}

/** Digits and decimal exponent of a finite non-zero number, from its shortest form with `precision` digits (or the shortest). */
function parts(exp: string): { digits: string; e: number } {
  const m = /^-?(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(exp)!;
  return { digits: (m[1]! + (m[2] ?? "")).replace(/0+$/, "") || "0", e: Number(m[3]) };
}

function layout(negative: boolean, digits: string, e: number, minMax: number): string {
  const scale = e + 1;
  const maxDigits = Math.max(digits.length, minMax);
  let body: string;
  if (scale > maxDigits || scale < -3) {
    const exp = Math.abs(e).toString().padStart(2, "0");
    body = digits[0]! + (digits.length > 1 ? "." + digits.slice(1) : "") + "E" + (e < 0 ? "-" : "+") + exp;
  } else if (scale <= 0) {
    body = "0." + "0".repeat(-scale) + digits;
  } else if (scale >= digits.length) {
    body = digits + "0".repeat(scale - digits.length);
  } else {
    body = digits.slice(0, scale) + "." + digits.slice(scale);
  }
  return (negative ? "-" : "") + body;
}

/** A double as .NET writes it: shortest round-trip digits, scientific past 15 integer digits or below 1e-4. Null when not finite. */
export function formatDouble(x: number): string | null {
  if (!Number.isFinite(x)) return null;
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const p = parts(Math.abs(x).toExponential());
  return layout(x < 0, p.digits, p.e, 15);
}

/** A float as .NET writes it: its own shortest round-trip digits (1.1f as 1.1). Null when not finite. */
export function formatSingle(x: number): string | null {
  if (!Number.isFinite(x)) return null;
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const a = Math.abs(x);
  let exp = a.toExponential(8);
  for (let p = 1; p <= 9; p++) {
    const s = a.toExponential(p - 1);
    if (Math.fround(Number(s)) === a) {
      exp = s;
      break;
    }
  }
  const p = parts(exp);
  return layout(x < 0, p.digits, p.e, 7);
}

/** The .NET names of non-finite floating-point values. */
export function nonFinite(x: number): string {
  return Number.isNaN(x) ? "NaN" : x > 0 ? "Infinity" : "-Infinity";
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * Parses JSON text as `JSON.parse` does, except that an integer written without fraction or exponent and past
 * `Number.MAX_SAFE_INTEGER` (a `long` or `ulong` enum value such as 9000000000000000001) is a `bigint` with every digit,
 * where `JSON.parse` gives the nearest double. A `"__proto__"` key is an own property, as with `JSON.parse`. Nesting
 * deeper than `maxDepth` is refused. Throws a `SyntaxError` naming the character position of the problem.
 */
export function parseJsonExact(text: string, maxDepth = 256): unknown {
  let p = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${p < text.length ? `unexpected ${JSON.stringify(text[p])}` : "unexpected end"} at character ${p}: expected ${what}`);
  };
  const ws = (): void => {
    for (let c = text.charCodeAt(p); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = text.charCodeAt(++p));
  };
  const string = (): string => {
    const start = p++;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(p);
      if (Number.isNaN(c)) fail("the end of a string");
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        p++;
      }
      p++;
    }
    p++;
    if (!escaped) {
      const body = text.slice(start + 1, p - 1);
      // Control characters are not allowed raw in a string: JSON.parse below says so.
      if (!/[\u0000-\u001f]/.test(body)) return body;
    }
    try {
      return JSON.parse(text.slice(start, p)) as string;
    } catch (err) {
      p = start;
      return fail(`a valid string (${(err as Error).message})`);
    }
  };
  const value = (depth: number): unknown => {
    ws();
    const c = text[p];
    if (c === "{" || c === "[") {
      if (depth >= maxDepth) throw new SyntaxError(`nesting deeper than ${maxDepth} at character ${p}`);
      p++;
      ws();
      if (c === "[") {
        const items: unknown[] = [];
        if (text[p] === "]") return p++, items;
        for (;;) {
          items.push(value(depth + 1));
          ws();
          if (text[p] === ",") p++;
          else if (text[p] === "]") return p++, items;
          else fail("',' or ']'");
        }
      }
      const obj: Record<string, unknown> = {};
      if (text[p] === "}") return p++, obj;
      for (;;) {
        ws();
        if (text[p] !== '"') fail("a property name");
        const k = string();
        ws();
        if (text[p] !== ":") fail("':'");
        p++;
        const v = value(depth + 1);
        if (k === "__proto__") Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
        else obj[k] = v;
        ws();
        if (text[p] === ",") p++;
        else if (text[p] === "}") return p++, obj;
        else fail("',' or '}'");
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", p)) return (p += 4), true;
    if (text.startsWith("false", p)) return (p += 5), false;
    if (text.startsWith("null", p)) return (p += 4), null;
    NUMBER.lastIndex = p;
    const m = NUMBER.exec(text);
    if (m === null) return fail("a value");
    p += m[0].length;
    const n = Number(m[0]);
    return m[1] === undefined && m[2] === undefined && !Number.isSafeInteger(n) ? BigInt(m[0]) : n;
  };
  const result = value(0);
  ws();
  if (p < text.length) fail("the end of the text");
  return result;
}
