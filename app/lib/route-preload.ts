/**
 * Route modules the signed-in screens are likely to open next, loaded while the browser is idle
 * so a click shows the page at once — never more than MAX_ROUTE_PRELOADS at a time (reference
 * §11), and not at all on a connection that asks to save data or is 2G.
 */
export const MAX_ROUTE_PRELOADS = 5

/** A loader of module URLs that runs at most `limit` at once and each URL once. */
export function preloadQueue(
  limit = MAX_ROUTE_PRELOADS,
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
) {
  const waiting: string[] = []
  const asked = new Set<string>()
  let running = 0
  const pump = () => {
    while (running < limit && waiting.length) {
      const url = waiting.shift()!
      running++
      load(url)
        .catch(() => undefined)
        .finally(() => {
          running--
          pump()
        })
    }
  }
  return (urls: string[]) => {
    for (const url of urls) {
      if (asked.has(url)) continue
      asked.add(url)
      waiting.push(url)
    }
    pump()
  }
}

interface ManifestRoute {
  module: string
  imports?: string[]
}

const preload = preloadQueue()

/** Starts loading these routes' modules (and the chunks they import) when the browser is idle. */
export function preloadRoutes(routeIds: string[]) {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) return
  const manifest = (window as unknown as { __remixManifest?: { routes: Record<string, ManifestRoute> } }).__remixManifest
  if (!manifest) return
  const urls = routeIds.flatMap((id) => {
    const route = manifest.routes[id]
    return route ? [...(route.imports ?? []), route.module] : []
  })
  const start = () => preload(urls)
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 3_000 })
  else setTimeout(start, 1_000)
}
