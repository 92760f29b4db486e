import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig, type Plugin } from 'vite'
import { precompressDirectory } from './server/http/precompress'

/**
 * After the client build, writes `.br` (brotli 11) and `.gz` (gzip 9) copies beside its text files,
 * so the server (server/http/static-files.ts) serves them without compressing anything at start.
 * The server build writes Remix's browser manifest (and any CSS only the server imported) into the
 * client folder, so after it the client files still without copies get theirs.
 */
function precompress(): Plugin {
  return {
    name: 'pagewright:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return
      const client = this.environment.config.consumer === 'client'
      const started = performance.now()
      // Remix's layout: build/server beside build/client.
      const written = client
        ? await precompressDirectory(options.dir)
        : await precompressDirectory(path.join(path.dirname(options.dir), 'client'), { missingOnly: true })
      this.environment.logger.info(`precompressed: ${written} .br/.gz files in ${Math.round(performance.now() - started)} ms`)
    },
  }
}

/**
 * The browser build runs on Preact (preact/compat) instead of React: react-dom alone is 40 KB of
 * the 82 KB gzip every screen loaded, and issue 10 gives app screens 90 KB in all. The server still
 * renders with React; Preact hydrates that HTML. Only the production client build is switched, so
 * `npm run dev` keeps React (and its fast refresh). The end-to-end suite runs on this build.
 */
const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
}
function preactInBrowser(): Plugin {
  return {
    name: 'pagewright:preact-in-browser',
    apply: 'build',
    enforce: 'pre',
    config: () => ({ define: { 'import.meta.env.PREACT_BROWSER': 'true' } }),
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source]
      if (!target || options.ssr || this.environment?.config.consumer === 'server') return null
      return this.resolve(target, importer, { ...options, skipSelf: true })
    },
  }
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: 3000 },
  build: { target: 'es2022' },
  plugins: [
    preactInBrowser(),
    remix({
      ignoredRouteFiles: ['**/*.test.*', '**/.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    precompress(),
  ],
})
