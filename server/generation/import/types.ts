/** What the safe fetcher returns: the final URL after redirects and the decoded body. */
export interface FetchedDocument {
  url: string
  status: number
  contentType: string
  /** The decoded text; empty for `accept: 'image'`. */
  body: string
  /** The raw body, for `accept: 'image'` only. */
  bytes?: Uint8Array
  /** Answered in-process from our own files (the built-in demo store), not fetched from the internet. */
  own?: boolean
}

export interface FetchOptions {
  /** Sets the Accept header and the content types taken ('image': any image/*, returned as bytes). */
  accept?: 'html' | 'json' | 'image'
  signal?: AbortSignal
}

/** The only way the server fetches a user-supplied URL (see safe-fetch.ts). */
export type Fetcher = (url: string, options?: FetchOptions) => Promise<FetchedDocument>

/**
 * What a site did instead of showing the product, when it did not show it: a robot check (captcha,
 * browser challenge), a refusal (access denied), an error page (site down), no such page, or a page
 * that loads the product by script and carries too little without a browser.
 */
export type RefusalKind = 'robot-check' | 'refused' | 'site-down' | 'not-found' | 'script-shell'

/**
 * A failure to import, with a message for the person (shown on the task) and whether trying
 * again later may help (network trouble, 5xx, 429) — the job retries only those.
 */
export class ImportError extends Error {
  constructor(
    message: string,
    public readonly transient = false,
    public readonly detail?: string,
    /** Set when the site showed something other than the product (see RefusalKind). */
    public readonly kind?: RefusalKind,
  ) {
    super(message)
    this.name = 'ImportError'
  }

  /** An error answer's page (its start), kept by the safe fetcher: it may say what the site did (refusals.ts). */
  page?: { url: string; status: number; body: string }
}
