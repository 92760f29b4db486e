import { lazy, type ComponentType } from 'react'

/**
 * `React.lazy` for parts only some screens show (dialogs) that the server still draws, so they
 * work without JS. The server loads them as it starts and renders them at once: a part that
 * suspended there would arrive later through an inline script, which a browser without JS never
 * runs. The browser loads a part the first time it shows; while hydrating, the server's HTML stays
 * on screen until it has (render it inside a `<Suspense>`).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined
  const start = () => load().then((component) => (loaded = component))
  if (import.meta.env.SSR) start().catch(() => undefined)
  const component = lazy(() => {
    if (!loaded) return start().then((component) => ({ default: component }))
    // Already loaded: settle at once, so React renders it without suspending.
    const ready = { default: loaded }
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>
  })
  /** Starts loading now (the browser, when the page it opens on shows the part). */
  const preload = () => void (loaded ? undefined : start().catch(() => undefined))
  return Object.assign(component, { preload })
}
