/**
 * The web as a browser gets it: full HTML documents rendered by Remix from the app's own Vite
 * config (the dev server's module graph, no build needed), and what a route sends to the browser.
 */
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import { createServer, type ViteDevServer } from 'vite'

export interface WebDocuments {
  /** Renders a request as the web server would (GET for a page, POST for a form without JS). */
  fetch(request: Request, context: AppLoadContext): Promise<Response>
  /** The npm packages a module sends to the browser, with every app module it imports, after Remix removed the server code. */
  clientPackages(file: string): Promise<string[]>
  close(): Promise<void>
}

export async function startWebDocuments(): Promise<WebDocuments> {
  const vite: ViteDevServer = await createServer({
    configFile: 'vite.config.ts',
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'silent',
  })
  const build = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  const handler = createRequestHandler(build, 'production')

  async function clientPackages(file: string) {
    const packages = new Set<string>()
    const seen = new Set<string>()
    const visit = async (url: string) => {
      if (seen.has(url)) return
      seen.add(url)
      const result = await vite.transformRequest(url)
      for (const [, spec] of (result?.code ?? '').matchAll(/^import\s[^'"]*["']([^'"]+)["']/gm)) {
        const dep = /^\/node_modules\/\.vite\/deps\/([^?]+)\.js/.exec(spec)
        if (dep) packages.add(dep[1])
        else if (/^\/(app|server)\//.test(spec) && !spec.includes('?')) await visit(spec)
      }
    }
    await visit(file)
    return [...packages].sort()
  }

  return { fetch: (request, context) => handler(request, context), clientPackages, close: () => vite.close() }
}
