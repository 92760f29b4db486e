import type { Hook } from '@hono/zod-openapi'
import type { ApiEnv } from '../context'
import { describeZodError } from '../domain/validation'

/** A contract schema refused the input: 400 with `{ error: "field: message", fields }`. */
export const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result, c) => {
  if (!result.success) return c.json(describeZodError(result.error), 400)
}

export const NOT_JSON = 'The request body must be JSON.'

/**
 * Bodies are JSON whatever the Content-Type says (curl's default is a form type): a body that
 * parses is passed on as application/json, an empty one as `{}`, one that does not parse is a 400
 * before any route runs. Form bodies go on untouched, for routes that take forms.
 */
export async function normalizeJsonBody(request: Request): Promise<Request | Response> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body) return request
  const type = request.headers.get('content-type') ?? ''
  if (/^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)) return request
  const text = await request.text()
  if (text.trim()) {
    try {
      JSON.parse(text)
    } catch {
      return Response.json({ error: NOT_JSON }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
    }
  }
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body: text.trim() ? text : '{}', signal: request.signal })
}
