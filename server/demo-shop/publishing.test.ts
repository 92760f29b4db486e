import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../tests/helpers/db'
import { addAppBlockUrl } from '../domain/shopify'
import * as DOCS from '../integrations/shopify/documents'
import { templateHasAppBlock } from '../liquid/app-block'
import { adminGraphql, installApp } from './driver'
import { THEME_WRITE_EXEMPTION } from './theme-mutations'
import { createDemoShop, type DemoShop } from './index'

const OWNER = 7
const APP = { apiKey: 'demo-test-key', apiSecret: 'demo-test-secret', appUrl: 'http://pagewright.test' }
const PUBLIC_URL = 'http://pagewright.test'
const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82])

/**
 * What the demo shop does that real shops differ in, for publishing: refusing theme-file writes as
 * Shopify refuses an app without its exemption, running theme writes as a job, the Files upload flow
 * (staged upload, fileCreate, PROCESSING then READY, the CDN), and the theme editor's app block deep link.
 */
describe.each(DB_KINDS)('demo shop publishing surface (%s)', (kind) => {
  let db: TestDatabase
  let demo: DemoShop
  let shop: string
  let token: string
  const gql = (query: string, variables: Record<string, unknown> = {}) => adminGraphql<any>(demo, shop, token, query, variables)
  const mainTheme = async () => (await gql(DOCS.THEMES_QUERY)).body.data.themes.nodes.find((t: any) => t.role === 'MAIN').id as string
  const file = async (themeId: string, name: string) =>
    (await gql(DOCS.THEME_FILES_QUERY, { id: themeId, filenames: [name] })).body.data.theme.files.nodes[0]?.body.content as
      string | undefined
  const upsert = (themeId: string, name: string, value: string) =>
    gql(DOCS.THEME_FILES_UPSERT_MUTATION, { themeId, files: [{ filename: name, body: { type: 'TEXT', value } }] })

  beforeAll(async () => {
    db = await createTestDatabase(kind)
    demo = createDemoShop({
      database: db.database,
      clock: () => new Date(),
      publicUrl: PUBLIC_URL,
      app: APP,
      deliver: async () => new Response('ok'),
      fetchUrl: async (url) =>
        url === `${PUBLIC_URL}/lamp.png`
          ? new Response(PNG, { headers: { 'content-type': 'image/png' } })
          : new Response('missing', { status: 404 }),
      viewerOf: async () => OWNER,
    })
    shop = await demo.createShop(OWNER)
    token = (await installApp(demo, shop, { app: APP, expiring: true })).accessToken
  })
  afterAll(() => db.drop())

  it('refuses theme-file writes with a top-level ACCESS_DENIED, as Shopify answers an app without the exemption', async () => {
    await demo.configure(shop, { themeWrites: 'no_exemption' })
    const theme = await mainTheme()
    const res = await upsert(theme, 'templates/product.pagewright.json', '{"sections":{},"order":[]}')
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ themeFilesUpsert: null })
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        message: `Access denied for themeFilesUpsert field. Required access: ${THEME_WRITE_EXEMPTION}`,
        path: ['themeFilesUpsert'],
        extensions: {
          code: 'ACCESS_DENIED',
          documentation: 'https://shopify.dev/api/usage/access-scopes',
          requiredAccess: THEME_WRITE_EXEMPTION,
        },
      }),
    ])
    expect(await file(theme, 'templates/product.pagewright.json')).toBeUndefined()
    // Reading themes is still allowed.
    expect(await file(theme, 'templates/product.json')).toContain('main-product')
    await demo.configure(shop, { themeWrites: 'allowed' })
  })

  it('runs theme-file writes as a job: done only after it was polled, the files written then', async () => {
    await demo.configure(shop, { themeWriteJobs: true })
    const theme = await mainTheme()
    const res = (await upsert(theme, 'snippets/pagewright-job.liquid', 'job')).body.data.themeFilesUpsert
    expect(res).toMatchObject({
      job: { done: false },
      upsertedThemeFiles: [{ filename: 'snippets/pagewright-job.liquid' }],
      userErrors: [],
    })
    expect(await file(theme, 'snippets/pagewright-job.liquid')).toBeUndefined()
    expect((await gql(DOCS.JOB_QUERY, { id: res.job.id })).body.data.job).toEqual({ id: res.job.id, done: false })
    expect((await gql(DOCS.JOB_QUERY, { id: res.job.id })).body.data.job.done).toBe(true)
    expect(await file(theme, 'snippets/pagewright-job.liquid')).toBe('job')
    // A file Shopify refuses comes back with its name and why.
    const bad = (await upsert(theme, 'templates/product.broken.json', '{nope')).body.data.themeFilesUpsert
    expect(bad.userErrors[0]).toMatchObject({ filename: 'templates/product.broken.json', code: 'FILE_VALIDATION_ERROR' })
    expect(bad.job).toBeNull()
    await demo.configure(shop, { themeWriteJobs: false })
    const now = (await upsert(theme, 'snippets/pagewright-now.liquid', 'now')).body.data.themeFilesUpsert
    expect(now.job.done).toBe(true)
    expect(await file(theme, 'snippets/pagewright-now.liquid')).toBe('now')
  })

  it('takes files through a staged upload, processes them (UPLOADED, PROCESSING, READY) and serves them from its CDN', async () => {
    const staged = (
      await gql(DOCS.STAGED_UPLOADS_MUTATION, {
        input: [{ filename: 'lamp.png', mimeType: 'image/png', resource: 'IMAGE', httpMethod: 'POST' }],
      })
    ).body.data.stagedUploadsCreate.stagedTargets[0]
    const form = (params: { name: string; value: string }[]) => {
      const f = new FormData()
      for (const p of params) f.append(p.name, p.value)
      f.append('file', new Blob([PNG], { type: 'image/png' }), 'lamp.png')
      return f
    }
    const forged = staged.parameters.map((p: any) => (p.name === 'x-goog-signature' ? { ...p, value: '0'.repeat(64) } : p))
    expect((await demo.fetch(new Request(staged.url, { method: 'POST', body: form(forged) }))).status).toBe(403)
    expect((await demo.fetch(new Request(staged.url, { method: 'POST', body: form(staged.parameters) }))).status).toBe(201)

    const created = (
      await gql(DOCS.FILE_CREATE_MUTATION, { files: [{ originalSource: staged.resourceUrl, alt: 'Lamp', contentType: 'IMAGE' }] })
    ).body.data.fileCreate
    expect(created).toMatchObject({ userErrors: [], files: [{ fileStatus: 'UPLOADED', image: null }] })
    const id = created.files[0].id
    const read = async () => (await gql(DOCS.FILES_STATUS_QUERY, { ids: [id] })).body.data.nodes[0]
    expect(await read()).toMatchObject({ id, fileStatus: 'PROCESSING', image: null, fileErrors: [] })
    const ready = await read()
    expect(ready.fileStatus).toBe('READY')
    expect(ready.image.url).toMatch(new RegExp(`^${PUBLIC_URL}/demo-shop/${shop}/cdn/files/\\d+/lamp\\.png$`))
    const served = await demo.fetch(new Request(ready.image.url))
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG)

    // An outside image is fetched by URL; one that cannot be had ends FAILED with Shopify's error.
    const outside = (
      await gql(DOCS.FILE_CREATE_MUTATION, {
        files: [{ originalSource: `${PUBLIC_URL}/lamp.png` }, { originalSource: `${PUBLIC_URL}/gone.png` }],
      })
    ).body.data.fileCreate.files
    await gql(DOCS.FILES_STATUS_QUERY, { ids: outside.map((f: any) => f.id) })
    const [fine, failed] = (await gql(DOCS.FILES_STATUS_QUERY, { ids: outside.map((f: any) => f.id) })).body.data.nodes
    expect(fine.fileStatus).toBe('READY')
    expect(failed).toMatchObject({ fileStatus: 'FAILED', image: null, fileErrors: [{ code: 'IMAGE_DOWNLOAD_FAILURE' }] })
  })

  it('the theme editor deep link adds the app block to the live theme’s product template, once', async () => {
    const admin = `${demo.origin(shop)}/admin`
    const link = addAppBlockUrl(admin, APP.apiKey)
    const opened = await demo.fetch(new Request(link))
    expect(opened.status).toBe(200)
    const page = await opened.text()
    expect(page).toContain('App block <strong>Pagewright page</strong> from Pagewright will be added')
    expect((await demo.fetch(new Request(link.replace(APP.apiKey, 'someone-else')))).status).toBe(400)
    expect((await demo.fetch(new Request(link.replace('pagewright-page', 'nope')))).status).toBe(400)

    const save = () => demo.fetch(new Request(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
    const saved = await save()
    expect(saved.status).toBe(303)
    const template = (await file(await mainTheme(), 'templates/product.json'))!
    expect(templateHasAppBlock(template)).toBe(true)
    // Shopify's own header comment is kept; the block sits in the main section after the description.
    expect(template.startsWith('/*')).toBe(true)
    const main = JSON.parse(template.replace(/^\/\*[\s\S]*?\*\/\s*/, '')).sections.main
    const key = main.block_order[main.block_order.indexOf('description') + 1]
    expect(main.blocks[key].type).toMatch(/^shopify:\/\/apps\/pagewright\/blocks\/pagewright-page\/[0-9a-f-]{36}$/)
    expect((await save()).status).toBe(303)
    expect((await file(await mainTheme(), 'templates/product.json'))!.match(/blocks\/pagewright-page/g)).toHaveLength(1)
    expect(await (await demo.fetch(new Request(link))).text()).toContain('already on this template')
    expect(await (await demo.fetch(new Request(admin))).text()).toContain('Pagewright page block on the product page')
  })

  it('its admin sets how the shop answers (the owner’s form)', async () => {
    const post = (body: string) =>
      demo.fetch(
        new Request(`${demo.origin(shop)}/admin/settings`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      )
    expect((await post('no_exemption=1&write_jobs=1')).status).toBe(303)
    const refused = await upsert(await mainTheme(), 'snippets/x.liquid', 'x')
    expect(refused.body.errors[0].extensions.code).toBe('ACCESS_DENIED')
    expect((await post('write_jobs=1')).status).toBe(303)
    expect((await upsert(await mainTheme(), 'snippets/x.liquid', 'x')).body.data.themeFilesUpsert.job.done).toBe(false)
  })
})
