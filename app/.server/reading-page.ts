import { ANONYMOUS_CACHE_HEADER } from '../../server/domain/page-cache'

/** How long a reading page (landing pages, docs, the libraries, posts; not trending, whose counts move every 10 s) may be kept for visitors without cookies. */
const READING_PAGE_SECONDS = 60

/**
 * The loader headers of a reading page that looks the same to every visitor without cookies: the
 * web answers such visitors from memory (server/http/anonymous-front.ts). A page that sets a
 * cookie (click ids in the query) is never kept.
 */
export const readingPageHeaders = (): Record<string, string> => ({ [ANONYMOUS_CACHE_HEADER]: String(READING_PAGE_SECONDS) })
