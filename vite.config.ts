import { fileURLToPath } from 'node:url'
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig, type Plugin } from 'vite'
import { precompressDirectory } from './server/http/precompress'

/**
 * After the client build, writes `.br` (brotli 11) and `.gz` (gzip 9) copies beside its text files,
 * so the server (server/http/static-files.ts) serves them without compressing anything itself.
 * The server build is left alone.
 */
function precompress(): Plugin {
  return {
    name: 'pagewright:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return
      const started = performance.now()
      const written = await precompressDirectory(options.dir)
      this.environment.logger.info(`precompressed: ${written} .br/.gz files in ${Math.round(performance.now() - started)} ms`)
    },
  }
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: 3000 },
  build: { target: 'es2022' },
  plugins: [
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
