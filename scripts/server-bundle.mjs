// Where `npm run build` (scripts/build.mjs) writes the compiled server and how a product process is
// started from it: `npm start`, the end-to-end harness, the robustness suites and the bench all run
// the same compiled JavaScript, never the TypeScript through a loader.

/** Its file name keeps `main.js`: server/db/data-lock.ts recognises a running server by it. */
export const SERVER_BUNDLE = 'build/pagewright/main.js'

/**
 * How esbuild compiles the server (scripts/build.mjs): packages stay in node_modules, loaded by Node
 * as they are; only our own code is compiled, split so that a module imported on first use is a
 * chunk of its own. tests/startup/lazy-modules.test.ts walks the same build.
 */
export const serverBuildOptions = (root) => ({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', 'template-build': 'server/db/template-build.ts' },
  outdir: 'build/pagewright',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})

/**
 * Node's flags for a product process (package.json's start scripts write the same; a test holds them
 * to it): source maps for stack traces, and a young generation of at most 8 MB a half (V8 grows it to
 * 16 MB a half under load). Side by side in `npm run bench` (README): 347 / 372 MB under the Zipf and
 * viewers loads against 363 / 385 MB without, the viewers' p99 30 against 41 ms; a first answer's
 * memory moved within its noise either way.
 */
export const NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8']

/**
 * glibc's malloc settings for a product process (read by the C library when the process starts, so
 * package.json's start scripts set them, each overridable, and the bench and the suites pass them):
 * two arenas, not one per thread that allocates (zlib on libuv's pool, PGlite); and blocks of 128 KB
 * or more in their own mappings, given back when freed, instead of glibc raising that threshold as
 * it goes and keeping start-up's large buffers (WebAssembly compilation, the build's files) in a heap
 * it cannot shrink. `npm run bench` (README) measures both.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

/** Node's arguments to run the product in `mode` (all, api, web, worker). */
export const serverArgs = (mode) => [...NODE_FLAGS, SERVER_BUNDLE, mode]
