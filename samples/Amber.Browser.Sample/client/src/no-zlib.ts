/**
 * The browser has no `node:zlib`. The runtime imports it for Brotli frames of chunked streams, which this page never
 * reads or writes; the build (package.json) puts this module in its place, and tree shaking leaves none of it in app.js.
 */
function unavailable(): never {
  throw new Error("Brotli frames are not available in the browser build of this page.");
}

export const brotliCompressSync = unavailable;
export const brotliDecompressSync = unavailable;
export const constants = { BROTLI_PARAM_LGWIN: 0, BROTLI_PARAM_SIZE_HINT: 0 };
