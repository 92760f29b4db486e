import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Hono, type Context } from 'hono'
import { html, raw } from 'hono/html'
import { fromRoot } from '../paths'
import { DEMO_PRODUCTS, DEMO_STORE_NAME, type DemoProduct } from './catalog'

const cents = (usd: number) => Math.round(usd * 100)
const img = (origin: string, file: string) => `${origin}/demo-store/${file}`

/** Shopify's AJAX shape (`/products/{handle}.js`): prices in cents. Shopify's own omits reviews. */
function ajaxProduct(p: DemoProduct, origin: string) {
  return {
    id: DEMO_PRODUCTS.indexOf(p) + 1001,
    title: p.title,
    handle: p.handle,
    description: p.descriptionHtml,
    vendor: p.vendor,
    type: p.productType,
    tags: p.tags,
    price: cents(p.price),
    compare_at_price: p.compareAtPrice ? cents(p.compareAtPrice) : null,
    available: p.variants.some((v) => v.available),
    options: p.options.map((o, i) => ({ name: o.name, position: i + 1, values: o.values })),
    variants: p.variants.map((v, i) => ({
      id: (DEMO_PRODUCTS.indexOf(p) + 1) * 1000 + i,
      title: v.title,
      price: cents(v.price),
      compare_at_price: p.compareAtPrice ? cents(p.compareAtPrice) : null,
      available: v.available,
      sku: v.sku,
    })),
    images: p.images.map((f) => img(origin, f)),
    featured_image: img(origin, p.images[0]),
  }
}

/** The older Admin shape (`/products/{handle}.json`): prices as strings, tags as one string. */
function adminProduct(p: DemoProduct, origin: string) {
  return {
    product: {
      title: p.title,
      handle: p.handle,
      body_html: p.descriptionHtml,
      vendor: p.vendor,
      product_type: p.productType,
      tags: p.tags.join(', '),
      variants: p.variants.map((v) => ({
        title: v.title,
        price: v.price.toFixed(2),
        compare_at_price: p.compareAtPrice?.toFixed(2) ?? null,
        sku: v.sku,
      })),
      options: p.options.map((o) => ({ name: o.name, values: o.values })),
      images: p.images.map((f) => ({ src: img(origin, f) })),
    },
  }
}

/** schema.org Product as stores put it in the page (with their review app's reviews). */
function jsonLd(p: DemoProduct, origin: string, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.title,
    description: p.descriptionHtml
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    image: p.images.map((f) => img(origin, f)),
    brand: { '@type': 'Brand', name: p.vendor },
    category: p.productType,
    additionalProperty: p.specs.map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: p.price.toFixed(2),
      availability: p.variants.some((v) => v.available) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
    review: p.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      datePublished: r.date,
      name: r.title,
      reviewBody: r.body,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
    })),
  }
}

// JSON inside <script> must not be able to close the tag.
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c')

function productPage(p: DemoProduct, origin: string, url: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${p.title} – ${DEMO_STORE_NAME}</title>
        <meta property="og:type" content="product" />
        <meta property="og:site_name" content="${DEMO_STORE_NAME}" />
        <meta property="og:title" content="${p.title}" />
        <meta property="og:image" content="${img(origin, p.images[0])}" />
        <meta property="product:price:amount" content="${p.price.toFixed(2)}" />
        <meta property="product:price:currency" content="USD" />
        <script type="application/ld+json">
          ${raw(scriptJson(jsonLd(p, origin, url)))}
        </script>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 960px;
            margin: 2rem auto;
            padding: 0 1rem;
            color: #1f2937;
          }
          img {
            max-width: 100%;
            height: auto;
            border-radius: 12px;
          }
          .grid {
            display: grid;
            grid-template-columns: 1fr 1fr;
            gap: 2rem;
          }
          .price {
            font-size: 1.5rem;
            font-weight: 700;
          }
          s {
            color: #6b7280;
            margin-left: 0.5rem;
          }
          .review {
            border-top: 1px solid #e5e7eb;
            padding: 0.75rem 0;
          }
        </style>
      </head>
      <body>
        <p><a href="/demo-store">${DEMO_STORE_NAME}</a></p>
        <div class="grid">
          <div>${p.images.map((f) => html`<img src="${img(origin, f)}" alt="${p.title}" width="800" height="800" />`)}</div>
          <div>
            <h1>${p.title}</h1>
            <p>by ${p.vendor}</p>
            <p class="price">$${p.price.toFixed(2)}${p.compareAtPrice ? html`<s>$${p.compareAtPrice.toFixed(2)}</s>` : ''}</p>
            ${raw(p.descriptionHtml)}
            <table>
              ${p.specs.map(
                ([k, v]) =>
                  html`<tr>
                    <th>${k}</th>
                    <td>${v}</td>
                  </tr>`,
              )}
            </table>
            <p>Copy this page's address into Pagewright to generate a product page from it.</p>
          </div>
        </div>
        <h2>Reviews</h2>
        ${
          p.reviews.length
            ? p.reviews.map(
                (r) =>
                  html`<div class="review">
                    <strong>${r.title}</strong> — ${r.rating}/5 by ${r.author} on ${r.date}
                    <p>${r.body}</p>
                  </div>`,
              )
            : html`<p>No reviews yet.</p>`
        }
      </body>
    </html>`
}

function indexPage(origin: string) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${DEMO_STORE_NAME}</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 960px;
            margin: 2rem auto;
            padding: 0 1rem;
          }
          ul {
            display: grid;
            grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
            gap: 1rem;
            list-style: none;
            padding: 0;
          }
          img {
            width: 100%;
            height: auto;
            border-radius: 12px;
          }
          code {
            font-size: 0.8rem;
            word-break: break-all;
          }
        </style>
      </head>
      <body>
        <h1>${DEMO_STORE_NAME}</h1>
        <p>
          A small Shopify-format store built into Pagewright, so you can try generating a page without a store of your own. Copy a product's
          link into Pagewright.
        </p>
        <ul>
          ${DEMO_PRODUCTS.map(
            (p) =>
              html`<li>
                <a href="/demo-store/products/${p.handle}"
                  ><img src="${img(origin, p.images[0])}" alt="" width="800" height="800" />${p.title}</a
                ><br />$${p.price.toFixed(2)}<br /><code>${origin}/demo-store/products/${p.handle}</code>
              </li>`,
          )}
        </ul>
      </body>
    </html>`
}

// The catalogue's image files. The web front serves them as static files (public/ is copied into the
// build); the demo store answers them too, so the importer can read them in-process.
const IMAGE_DIR = fromRoot('public', 'demo-store')
const IMAGE_FILES = new Set(DEMO_PRODUCTS.flatMap((p) => p.images))
const IMAGE_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }

/** /demo-store: the built-in Shopify-format demo shop (pages, `.js`, `.json`, images). */
export function createDemoStore() {
  const app = new Hono({ strict: false })
  app.get('/demo-store', (c) => c.html(indexPage(new URL(c.req.url).origin)))
  app.get('/demo-store/:file', async (c) => {
    const file = c.req.param('file')
    const type = IMAGE_TYPES[file.split('.').pop() ?? '']
    // Only the files the catalogue names: no other path reaches the disk.
    if (!IMAGE_FILES.has(file) || !type) return c.text('Not found', 404)
    const body = await readFile(path.join(IMAGE_DIR, file))
    return c.body(new Uint8Array(body), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' })
  })
  const product = (c: Context, file: string) => {
    const url = new URL(c.req.url)
    const match = /^([a-z0-9-]+)(\.js|\.json)?$/.exec(file)
    const p = match && DEMO_PRODUCTS.find((d) => d.handle === match[1])
    if (!p) return c.html('<!doctype html><title>Not found</title><h1>Product not found</h1>', 404)
    if (match[2] === '.js')
      return c.body(JSON.stringify(ajaxProduct(p, url.origin)), 200, { 'Content-Type': 'application/javascript; charset=utf-8' })
    if (match[2] === '.json') return c.json(adminProduct(p, url.origin))
    return c.html(productPage(p, url.origin, `${url.origin}${url.pathname}`))
  }
  app.get('/demo-store/products/:file', (c) => product(c, c.req.param('file')))
  app.get('/demo-store/collections/:collection/products/:file', (c) => product(c, c.req.param('file')))
  return app
}
