/**
 * The browser build's Brotli (package.json's `"browser"` field puts this module where `brotli.ts` is): a browser has no
 * synchronous Brotli, so a Brotli frame is an `AmberError` that names the way out. Stored and LZ4 frames, payloads,
 * framed messages and connection streams need no compression library and work in the browser as in Node.
 */
import { AmberError } from "./errors.js";

const fix =
  "Brotli frames need Node.js (node:zlib); in a browser, write the chunked stream with stored or LZ4 frames " +
  "(CompressionId.None or Lz4 in .NET), or decompress the stream on the server.";

/** Always throws: there is no Brotli in the browser build. */
export function brotliCompress(_body: Uint8Array): Uint8Array {
  throw new AmberError("Brotli frames cannot be written in the browser build of the runtime", 0, fix);
}

/** Always throws: there is no Brotli in the browser build. */
export function brotliDecompress(_stored: Uint8Array, _maxOutputLength: number): Uint8Array {
  throw new AmberError("A Brotli frame cannot be read in the browser build of the runtime", 0, fix);
}
