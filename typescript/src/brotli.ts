/**
 * Brotli for the frames of chunked streams (format §7.4), from Node's zlib. This is the only module of the runtime that
 * imports a Node built-in; a bundler building for a browser takes `brotli-browser.ts` in its place (the `"browser"`
 * field of package.json), so the rest of the runtime bundles with no Node module.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

/** Compresses a frame body with window 22 (what .NET's `BrotliFrameCompressor` uses). */
export function brotliCompress(body: Uint8Array): Uint8Array {
  const out = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_LGWIN]: 22, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** Decompresses a frame body of at most `maxOutputLength` bytes; throws when it does not decompress. */
export function brotliDecompress(stored: Uint8Array, maxOutputLength: number): Uint8Array {
  const out = brotliDecompressSync(stored, { maxOutputLength });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
