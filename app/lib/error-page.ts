/**
 * What the error page says for each HTTP status: a heading, a sentence saying what to do, and the
 * way on. One table for every error boundary (app/components/GeneralErrorBoundary.tsx); the
 * response keeps its real status, only the words depend on it.
 */
export interface ErrorPage {
  heading: string
  words: string
  /** The link it offers: home, this page again, or the login page that comes back here. */
  next: 'home' | 'reload' | 'signIn'
}

const PAGES: Record<number, ErrorPage> = {
  400: {
    heading: "We couldn't read that request",
    words: 'Something in the address or the form was not what this page expects. Go back, reload the page and try again.',
    next: 'home',
  },
  401: {
    heading: 'Please sign in again',
    words: 'Your session has ended. Sign in again and you will come back here.',
    next: 'signIn',
  },
  403: {
    heading: "You can't do that",
    words: 'Your account is not allowed to do this.',
    next: 'home',
  },
  // Our fixed heading, word for word (docs/reference.md §8.1).
  404: {
    heading: 'Page Not Found',
    words: 'There is nothing at this address: it may have been removed, or the link is incomplete.',
    next: 'home',
  },
  409: {
    heading: 'This changed in the meantime',
    words: 'It was changed somewhere else (another tab or device) while you were on it. Reload the page to see the latest.',
    next: 'reload',
  },
  413: {
    heading: 'That is too large',
    words: 'What you sent is larger than we accept. Try a smaller file or a shorter text.',
    next: 'home',
  },
  429: {
    heading: 'Too many requests',
    words: 'That was a lot of requests in a short time. Wait a moment, then try again shortly.',
    next: 'reload',
  },
  // The api's 503 while its database is away (server/http/database-unavailable.ts).
  503: {
    heading: "We can't reach the database right now",
    words: 'Try again in a minute.',
    next: 'reload',
  },
}

const SERVER_ERROR: ErrorPage = {
  heading: 'Internal Server Error',
  words: 'Something went wrong on our side. Please try again in a moment.',
  next: 'home',
}

/** The words for a status; anything without its own is "Internal Server Error". */
export function errorPageFor(status: number): ErrorPage {
  return PAGES[status] ?? SERVER_ERROR
}
