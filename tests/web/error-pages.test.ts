/**
 * The error page as a browser gets it (full documents rendered by Remix): each status keeps its
 * real HTTP status and shows its own heading, words and the route's message. The api is a stand-in
 * that answers the signed-in user, and the status under test for the page asked for.
 */
import { randomUUID } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorPageFor } from '~/lib/error-page'
import { DATABASE_UNAVAILABLE } from '../../server/db/unavailable'
import { startWebDocuments, type WebDocuments } from './document'
import { fakeUser, sessionCookie, WEB } from './helpers'

const json = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } })

/** An api whose user is signed in and whose task answers are `status` with `message`. */
function apiAnswering(status: number, message: string): AppLoadContext {
  return {
    clientIp: '198.51.100.40',
    apiFetch: async (req) => {
      const { pathname } = new URL(req.url)
      if (pathname === '/v2/auth/me') return json(200, fakeUser())
      if (pathname.startsWith('/v2/tasks/')) return json(status, { error: message, ...(status === 503 ? { retry_after: 5 } : {}) })
      return json(404, { error: `not in this stand-in: ${pathname}` })
    },
  }
}

/** The visible text of the error page: heading, message and words. */
function errorPageText(html: string) {
  const section = /<section class="card error-page"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1] ?? ''
  const text = (tag: string) =>
    [...section.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim(),
    )
  return { heading: text('h1')[0], paragraphs: text('p'), links: [...section.matchAll(/href="([^"]*)"/g)].map((m) => m[1]) }
}

describe('error pages', () => {
  let web: WebDocuments
  let cookie: string
  beforeAll(async () => {
    web = await startWebDocuments()
    cookie = await sessionCookie({ token: 'pwt_good' })
  }, 60_000)
  afterAll(() => web?.close())

  const page = (status: number, message: string) =>
    web.fetch(new Request(`${WEB}/guidev3/generating?session_id=${randomUUID()}`, { headers: { cookie } }), apiAnswering(status, message))

  it.each([
    [400, 'session_id: not a valid id'],
    [403, 'Your plan does not include this.'],
    [404, 'There is no page with this id.'],
    [409, 'The page was changed in another tab.'],
    [413, 'The outline is too long.'],
    [429, 'Please wait 12 seconds before requesting again.'],
    [503, DATABASE_UNAVAILABLE],
  ])('an api %i is a page with that status, its own heading and words, and the message', async (status, message) => {
    const res = await page(status, message)
    expect(res.status).toBe(status)
    const shown = errorPageText(await res.text())
    expect(shown.heading).toBe(errorPageFor(status).heading)
    expect(shown.paragraphs).toContain(message)
    expect(shown.paragraphs).toContain(errorPageFor(status).words)
    expect(shown.paragraphs.join(' ')).not.toMatch(/Internal Server Error|our side/)
  })

  it('the database away: 503, "We can\'t reach the database right now", and a way to try again', async () => {
    const res = await page(503, DATABASE_UNAVAILABLE)
    expect(res.status).toBe(503)
    const shown = errorPageText(await res.text())
    expect(shown.heading).toBe("We can't reach the database right now")
    expect(shown.paragraphs).toContain('Try again in a minute.')
    expect(shown.links[0]).toMatch(/^\/guidev3\/generating\?session_id=/)
  })

  it('an api failure without words of its own (502) is the 500 page, "Internal Server Error"', async () => {
    const res = await page(502, 'The product site did not answer.')
    expect(res.status).toBe(500)
    const shown = errorPageText(await res.text())
    expect(shown.heading).toBe('Internal Server Error')
    expect(shown.paragraphs).toContain('Something went wrong on our side. Please try again in a moment.')
  })

  it('a shared page that cannot be loaded is titled by its status, not "Page not found"', async () => {
    const shared = await web.fetch(new Request(`${WEB}/share/${randomUUID()}`), apiAnswering(503, DATABASE_UNAVAILABLE))
    const html = await shared.text()
    expect(shared.status).toBe(503)
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe('We can&#x27;t reach the database right now')
  })
})
