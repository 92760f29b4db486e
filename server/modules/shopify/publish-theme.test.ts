import { describe, expect, it } from 'vitest'
import type { ApiDeps } from '../../context'
import { ShopifyApiError, type AdminClient } from '../../integrations/shopify/admin-client'
import { themeFilesToPublish } from '../../liquid/theme-files'
import { writeThemeFiles } from './publish-theme'

const deps = { shopify: { sleep: async () => {} } } as unknown as ApiDeps
const FILES = themeFilesToPublish({ appId: '42', productTemplateJson: null }).map((f) => f.filename)

/** A shop that answers themeFilesUpsert with `upsert` and each job poll with the next of `polls`. */
function shop(upsert: () => unknown, polls: boolean[] = []) {
  const sent: string[] = []
  const admin: AdminClient = {
    async request<T>(query: string): Promise<T> {
      const name = /(?:query|mutation)\s+(\w+)/.exec(query)![1]
      sent.push(name)
      if (name === 'PagewrightThemeFilesUpsert') return upsert() as T
      if (name === 'PagewrightJob') return { job: { done: polls.shift() ?? true } } as T
      throw new Error(`unexpected ${name}`)
    },
  }
  return { admin, sent }
}

const answer = (over: Record<string, unknown> = {}) => ({
  themeFilesUpsert: {
    job: { id: 'gid://shopify/Job/1', done: true },
    upsertedThemeFiles: FILES.map((filename) => ({ filename })),
    userErrors: [],
    ...over,
  },
})

/** themeFilesUpsert as Shopify treats it: its job followed to the end, each file's result read. */
describe('writeThemeFiles', () => {
  it('follows the write job until it is done', async () => {
    const { admin, sent } = shop(() => answer({ job: { id: 'gid://shopify/Job/1', done: false } }), [false, false, true])
    expect(await writeThemeFiles(deps, admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)).toEqual({ ok: true })
    expect(sent).toEqual(['PagewrightThemeFilesUpsert', 'PagewrightJob', 'PagewrightJob', 'PagewrightJob'])
  })

  it('reports a file Shopify refuses with its message, and one it did not write', async () => {
    const { admin } = shop(() =>
      answer({
        upsertedThemeFiles: FILES.filter((f) => f !== 'sections/pagewright-page.liquid' && f !== 'assets/pagewright.css').map(
          (filename) => ({ filename }),
        ),
        userErrors: [
          {
            field: ['files', '0'],
            code: 'FILE_VALIDATION_ERROR',
            filename: 'sections/pagewright-page.liquid',
            message: 'Liquid syntax error (line 3): Unknown tag',
          },
        ],
      }),
    )
    const result = await writeThemeFiles(deps, admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)
    expect(result).toMatchObject({ ok: false, refused: false })
    expect(!result.ok && result.message).toContain('sections/pagewright-page.liquid: Liquid syntax error (line 3): Unknown tag')
    expect(!result.ok && result.message).toContain('assets/pagewright.css: not written')
  })

  it('a top-level ACCESS_DENIED or an ACCESS_DENIED user error is a refusal (the missing exemption)', async () => {
    const topLevel = shop(() => {
      throw new ShopifyApiError('graphql', 'Access denied for themeFilesUpsert field. Required access: …', 200, ['ACCESS_DENIED'])
    })
    expect(await writeThemeFiles(deps, topLevel.admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)).toEqual({
      ok: false,
      refused: true,
      message: 'Access denied for themeFilesUpsert field. Required access: …',
    })
    const userError = shop(() =>
      answer({ job: null, upsertedThemeFiles: [], userErrors: [{ code: 'ACCESS_DENIED', message: 'Not allowed', filename: null }] }),
    )
    expect(await writeThemeFiles(deps, userError.admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)).toMatchObject({
      ok: false,
      refused: true,
    })
  })

  it('a job that never finishes is reported, not waited on forever; other errors and THROTTLED go up', async () => {
    const stuck = shop(() => answer({ job: { id: 'gid://shopify/Job/1', done: false } }), Array(50).fill(false))
    const result = await writeThemeFiles(deps, stuck.admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)
    expect(result).toMatchObject({ ok: false, refused: false })
    expect(stuck.sent.filter((n) => n === 'PagewrightJob').length).toBeLessThan(20)
    const busy = shop(() => answer({ userErrors: [{ code: 'THROTTLED', message: 'Try later', filename: null }] }))
    await expect(writeThemeFiles(deps, busy.admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)).rejects.toMatchObject({
      failure: 'throttled',
    })
    const down = shop(() => {
      throw new ShopifyApiError('network', 'unreachable')
    })
    await expect(writeThemeFiles(deps, down.admin, 'gid://shopify/OnlineStoreTheme/1', '42', null)).rejects.toMatchObject({
      failure: 'network',
    })
  })
})
