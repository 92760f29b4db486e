/**
 * Starts what the end-to-end tests need: an SMTP listener (smtp-server) that keeps received
 * mail in memory and serves it at http://localhost:$E2E_MAILBOX_PORT/last?to=…, and the built app
 * on its own temporary PGlite folder, sending its mail to that listener.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { MALLOC_ENV, serverArgs } from '../../scripts/server-bundle.mjs'
import { openDatabase } from '../../server/db/client'
import { plans } from '../../server/db/schema'
import { migrateAndSeed } from '../../server/db/seed'
import { XSS_PAYLOADS } from '../../tests/fixtures/xss-payloads'
import { startSmtpListener } from '../../tests/helpers/smtp'
import { createStripeDouble } from '../../tests/stripe-double'

const port = Number(process.env.E2E_PORT ?? 3100)
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3199)
const smtp = await startSmtpListener()
const mails = smtp.mails

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const to = url.searchParams.get('to')?.toLowerCase()
  const mail = [...mails].reverse().find((m) => m.to.includes(to ?? ''))
  res.setHeader('content-type', 'application/json')
  if (!mail) return res.writeHead(404).end('{}')
  // quoted-printable soft breaks would split the link; undo them before matching.
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  res.end(
    JSON.stringify({
      code: /code is (\d{6})/.exec(text)?.[1],
      link: /(http\S+auto_login\?token=[\w-]+)/.exec(text)?.[1],
      count: mails.filter((m) => m.to.includes(to ?? '')).length,
    }),
  )
}).listen(mailboxPort, '127.0.0.1')

// A hostile "store" on loopback: a Shopify-format product whose description, title and reviews carry
// XSS payloads. The app may reach it only because IMPORT_ALLOW_PRIVATE_HOSTS names it.
const evilPort = Number(process.env.E2E_EVIL_STORE_PORT ?? 3197)
const evilProduct = {
  title: `Hostile Lamp <img src=x onerror=alert(1)>`,
  handle: 'xss-showcase',
  description: `<p>A desk lamp with a warm 2700 K LED.</p>${XSS_PAYLOADS.join('<p>Also:</p>')}<p>It folds flat for travel.</p>`,
  vendor: 'Evil <script>alert(1)</script> Co',
  type: 'Lamp',
  tags: ['lamp'],
  price: 3900,
  compare_at_price: null,
  options: [],
  variants: [{ title: 'Default Title', price: 3900, available: true, sku: 'EVIL-1' }],
  images: [`http://127.0.0.1:${evilPort}/lamp.svg`, `http://127.0.0.1:${evilPort}/lamp.svg?2`],
}
const evilJsonLd = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: evilProduct.title,
  image: evilProduct.images,
  offers: { '@type': 'Offer', price: '39.00', priceCurrency: 'USD' },
  review: XSS_PAYLOADS.slice(0, 3).map((p, i) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: `Reviewer ${i + 1} ${p}` },
    datePublished: '2026-10-0' + (i + 1),
    reviewBody: `Works well. ${p}`,
    reviewRating: { '@type': 'Rating', ratingValue: 4 },
  })),
}
createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  if (path === '/products/xss-showcase.js') {
    res.writeHead(200, { 'content-type': 'application/javascript' }).end(JSON.stringify(evilProduct))
  } else if (path === '/products/xss-showcase') {
    const ld = JSON.stringify(evilJsonLd).replace(/</g, '\\u003c')
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><title>Lamp</title><script type="application/ld+json">${ld}</script><h1>Lamp</h1>`)
  } else if (path === '/lamp.svg') {
    res
      .writeHead(200, { 'content-type': 'image/svg+xml' })
      .end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#fa0"/></svg>')
  } else res.writeHead(404).end('not found')
}).listen(evilPort, '127.0.0.1')

// Stripe: the local double (tests/stripe-double) plays Stripe's API and hosted pages; the app's
// plans get its test price ids before the app starts, as `npm run stripe:prices` would set them.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 3198)
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_pagewright'
const dataDir = mkdtempSync(path.join(tmpdir(), 'pagewright-e2e-'))
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })
await migrateAndSeed(database)
const prices: Record<string, { unit_amount: number; interval: 'month' | 'year' }> = {}
for (const plan of await database.db.select().from(plans).where(eq(plans.active, true))) {
  const id = `price_e2e_${plan.slug.replace(/-/g, '_')}`
  prices[id] = { unit_amount: Math.round(Number(plan.amount) * 100), interval: plan.billingCycle }
  await database.db.update(plans).set({ stripePriceIdDev: id }).where(eq(plans.id, plan.id))
}
await database.close()
const stripe = createStripeDouble({ prices, webhook: { url: `http://localhost:${port}/v2/stripe/webhook`, secret: STRIPE_WEBHOOK_SECRET } })
const stripeBase = await stripe.listen(stripePort)

const app = spawn(process.execPath, serverArgs('all'), {
  stdio: 'inherit',
  env: {
    ...MALLOC_ENV,
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    // Each test starts at home after signing up; e2e/onboarding.spec.ts walks the guides by their own links.
    ONBOARDING_FLOW: 'off',
    // Every test signs up from 127.0.0.1; the per-address limit is tested in the api tests.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    IMPORT_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${evilPort}`,
    // Staff accounts (admins) see pages at once and may share: used for the non-free flows.
    ADMIN_EMAILS: '@staff.e2e.test',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_API_BASE: stripeBase,
    // The app runs its production build here: the Stripe double is a test override.
    ALLOW_TEST_OVERRIDES: '1',
  },
})
const stop = () => {
  app.kill('SIGTERM')
  void smtp.close()
  void stripe.close()
  setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }, 1500)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', (code) => {
  if (code) process.exit(code)
})
