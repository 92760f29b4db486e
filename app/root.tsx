import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { rootLoader } from './.server/root-loader'
import { DialogHost } from './components/dialogs/DialogHost'
import { GeneralErrorBoundary } from './components/GeneralErrorBoundary'
import { useNonce } from './components/nonce'
import { Snackbars } from './components/ui/Snackbars'
import { keptErrorHeaders } from './lib/error-headers'
import type { RootData } from './lib/root-data'
import { useDocumentLanguage, useNoScript, useShopperView, useSignInScript } from './lib/shopper-view'
import { SnackbarProvider } from './lib/snackbar-context'
import { usePolling } from './lib/use-polling'
import { useTimeZoneCookie } from './lib/use-time-zone-cookie'
import stylesheet from './styles/app.css?url'

/** The root's boundary shows most errors: a 503's Retry-After reaches the page. */
export const headers: HeadersFunction = ({ errorHeaders }) => keptErrorHeaders(errorHeaders)

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const meta: MetaFunction = () => [
  { title: 'Pagewright — honest product pages in seconds' },
  { name: 'description', content: 'Turn a product link into a fast, honest landing page for your store.' },
]

export const loader = (args: LoaderFunctionArgs) => rootLoader(args)

/** The current user is re-fetched every 60 s while signed in (docs/reference.md §9.2). */
export const USER_POLL_MS = 60_000
/** How often the browser asks whether a newer build is out (first check after 1 s). */
const BUILD_CHECK_MS = 5 * 60_000

/**
 * Shopper views (share links) ship no app script and no app stylesheet: only the page and its CSS.
 * Sign-in screens ship a small script of their own instead of the app's; reading pages none.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const shopper = useShopperView()
  const signIn = useSignInScript()
  const noScript = useNoScript()
  const language = useDocumentLanguage()
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {shopper ? null : <link rel="stylesheet" href={stylesheet} />}
        <Links />
      </head>
      <body>
        {children}
        {shopper || noScript ? null : signIn ? (
          <script src="/sign-in.js" defer />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>() as unknown as RootData
  const shopper = useShopperView()
  useUserPolling(!!data.user && !shopper)
  useTimeZoneCookie()
  if (shopper) return <Outlet />
  return (
    <SnackbarProvider initial={data.toasts}>
      <Outlet />
      <DialogHost />
      <Snackbars />
      <NewBuildBanner />
    </SnackbarProvider>
  )
}

export function ErrorBoundary() {
  return (
    <div className="blank">
      <main className="blank-main">
        <GeneralErrorBoundary />
      </main>
    </div>
  )
}

/**
 * Re-fetches the user every 60 s while signed in, and whenever the tab comes back into view: a
 * session ended elsewhere sends this tab to the login page, and a login page whose browser signed
 * in elsewhere moves on (both through the guards in the loaders).
 */
function useUserPolling(signedIn: boolean) {
  usePolling(USER_POLL_MS, signedIn)
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && state === 'idle' && revalidate()
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [revalidate, state])
}

/** Offers a reload when the server runs a newer build than the one this page came with. */
function NewBuildBanner() {
  const [newer, setNewer] = useState(false)
  useEffect(() => {
    const current = (window as unknown as { __remixManifest?: { version?: string } }).__remixManifest?.version
    if (!current) return
    const check = async () => {
      try {
        const res = await fetch('/__version', { cache: 'no-store' })
        if (res.ok && (await res.json()).version !== current) setNewer(true)
      } catch {
        // Offline or restarting: try again next time.
      }
    }
    const first = setTimeout(check, 1000)
    const every = setInterval(check, BUILD_CHECK_MS)
    return () => {
      clearTimeout(first)
      clearInterval(every)
    }
  }, [])
  if (!newer) return null
  return (
    <div className="new-build" role="status" data-testid="new-build">
      <span>A new version of Pagewright is available.</span>
      <button type="button" className="button button--small" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  )
}
