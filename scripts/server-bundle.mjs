// Where `npm run build` (scripts/build.mjs) writes the compiled server and how a product process is
// started from it: `npm start`, the end-to-end harness, the robustness suites and the bench all run
// the same compiled JavaScript, never the TypeScript through a loader.

/** Its file name keeps `main.js`: server/db/data-lock.ts recognises a running server by it. */
export const SERVER_BUNDLE = 'build/pagewright/main.js'

/** Node's arguments to run the product in `mode` (all, api, web, worker), with source maps for stack traces. */
export const serverArgs = (mode) => ['--enable-source-maps', SERVER_BUNDLE, mode]
