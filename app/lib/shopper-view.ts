import { useMatches } from '@remix-run/react'
import { isLanguageCode } from '../../server/domain/page/shopper-words'

export interface RouteHandle {
  shopperView?: boolean
  /**
   * Sign-in screens: no app script (React), only /sign-in.js, a few lines that count the resend
   * wait down, show that a form is being sent, and move on when the browser signed in elsewhere.
   * Everything else works as it does with JS off (issue 10: these screens stay under 60 KB).
   */
  signInScript?: boolean
  /**
   * Reading pages (posts, landing pages, template and section galleries, docs): no script at all.
   * Their links and forms are plain HTML, so they load fast on a slow line and score well with
   * search engines; the app's script loads on the next screen that needs it.
   */
  noScript?: boolean
  /** The language of the document, read from the route's data (a shared page: the page's); English without one. */
  language?: (data: unknown) => string | undefined
}

export function useShopperView(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.shopperView)
}

export function useSignInScript(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.signInScript)
}

export function useNoScript(): boolean {
  return useMatches().some((m) => (m.handle as RouteHandle | undefined)?.noScript)
}

/** `<html lang>`: the deepest route that names a well-formed language, else English. */
export function useDocumentLanguage(): string {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const language = (matches[i].handle as RouteHandle | undefined)?.language?.(matches[i].data)
    if (isLanguageCode(language)) return language
  }
  return 'en'
}
