import { z } from 'zod'

/**
 * Shared pieces of the api contract. Every route of the api is described here with zod: what it
 * takes, what it answers, who may call it. The api implements these descriptions (validation comes
 * from them), the web's client derives its calls and types from them, and the test mocks are built
 * from them, so the three cannot drift apart.
 */

/** Every non-2xx answer: a message a person understands, plus details some answers carry. */
export const errorSchema = z
  .object({
    error: z.string().describe('What went wrong, in words a person understands.'),
    fields: z.record(z.string(), z.array(z.string())).optional().describe('Per-field messages of a 400.'),
    field: z.string().optional().describe('The one field a 400 is about.'),
    permission: z
      .string()
      .optional()
      .describe('The allowance a 403 refused (share, publish, see_now, max_products …): it names the dialog to show.'),
    retry_after: z.number().optional().describe('Seconds to wait before trying again (429).'),
    version: z.number().int().optional().describe('The current page version (a 409 on a stale `base_version`).'),
  })
  .meta({ id: 'Error' })

export const okSchema = z.object({ ok: z.literal(true) })

/**
 * A number from a fixed set of codes, each with its meaning. It validates exactly like
 * `z.literal(values)`; the metadata is for the OpenAPI document, whose generator writes only the
 * first value of a many-valued literal (`enum: [1]`) and no meanings at all.
 */
export function codes<V extends number>(values: readonly V[], meanings: Record<V, string>) {
  const description = values.map((v) => `${v} ${meanings[v]}`).join('; ')
  return z.literal(values).meta({ type: 'integer', enum: [...values], description: `${description}.` })
}

/** A JSON answer or body of this schema. */
export function json<S extends z.ZodType>(schema: S, description: string) {
  return { description, content: { 'application/json': { schema } } }
}
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true, content: { 'application/json': { schema } } }
}

const error = (description: string) => json(errorSchema, description)
/** The error answers a route documents, by status. */
export const ERRORS = {
  400: error('The input is not valid; `error` names the field.'),
  401: error('No valid access token or API key.'),
  403: error('The account may not do this (see `permission`).'),
  404: error('There is nothing with this id for this account.'),
  409: error('The thing is not in a state that allows this.'),
  422: error('The `Idempotency-Key` was sent before with a different request.'),
  429: error('Too many requests; `retry_after` says how long to wait.'),
  502: error('A service this call depends on failed.'),
} as const

/**
 * The optional `Idempotency-Key` header of the requests that spend credits: sent again with the same
 * request (a form sent twice, a retry after a lost answer), it answers the page the first request
 * made and takes nothing more, for a day; with a different request it is a 422.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,255}$/, 'Idempotency-Key: 8 to 255 printable characters, no spaces.')
    .optional()
    .describe('Any unique string per request (a UUID): the same key and request answer the same page, once paid.'),
})

/** Routes that need a signed-in user: `Authorization: Bearer <access token or API key>`. */
export const SIGNED_IN = [{ bearerAuth: [] }]
