// Plain JavaScript: the embedded database's thread (pglite-worker.mjs) loads it without the TypeScript loader.

/**
 * The parameters as the drivers take them: a Float64Array becomes an array of numbers, NaN becoming NULL. A
 * repository passes thousands of numbers as one Float64Array: it goes to the embedded database's thread as one
 * copied buffer, where a JavaScript array is cloned element by element on the event loop.
 * @param {unknown[] | undefined} params
 * @returns {unknown[] | undefined}
 */
export function floatArrayParams(params) {
  if (!params?.some((p) => p instanceof Float64Array)) return params;
  return params.map((p) => (p instanceof Float64Array ? Array.from(p, (v) => (Number.isNaN(v) ? null : v)) : p));
}
