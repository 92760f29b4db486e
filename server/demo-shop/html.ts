import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'

type Content = HtmlEscapedString | Promise<HtmlEscapedString> | string

/** A plain page in the demo shop's admin look: no script, forms post back to the server. */
export function page(title: string, body: Content, status = 200): Promise<Response> {
  return Promise.resolve(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title}</title>
          <style>
            body {
              font-family: system-ui, sans-serif;
              max-width: 960px;
              margin: 2rem auto;
              padding: 0 1rem;
              color: #1f2937;
              line-height: 1.5;
            }
            table {
              border-collapse: collapse;
              width: 100%;
            }
            th,
            td {
              text-align: left;
              padding: 0.4rem;
              border-bottom: 1px solid #e5e7eb;
              vertical-align: top;
            }
            form.inline {
              display: inline;
            }
            input[type='text'],
            input[type='number'] {
              width: 9rem;
            }
            .notice {
              background: #ecfdf5;
              border: 1px solid #10b981;
              padding: 0.5rem 0.75rem;
              border-radius: 6px;
            }
            .error {
              background: #fef2f2;
              border: 1px solid #ef4444;
              padding: 0.5rem 0.75rem;
              border-radius: 6px;
            }
            .banner {
              background: #f3f4f6;
              padding: 0.5rem 0.75rem;
              border-radius: 6px;
              font-size: 0.9rem;
            }
          </style>
        </head>
        <body>
          ${body}
        </body>
      </html>`,
  ).then(
    (doc) => new Response(String(doc), { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } }),
  )
}

/** A POST from a page of another site is refused (the admin's buttons change the shop). */
export function foreignPost(request: Request, publicUrl: string): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true
  const origin = request.headers.get('origin')
  if (!origin) return false
  return origin !== new URL(publicUrl).origin && new URL(request.url).origin !== origin
}
