import type { z } from 'zod'
import type { ApiContext } from './context'
import { HttpError, badRequest } from './http-error'
import { describeZodError } from './domain/validation'

/** Parses a JSON body (or an empty one) with a zod schema; a bad body is a 400 naming the field. */
export async function readJson<S extends z.ZodType>(c: ApiContext, schema: S): Promise<z.infer<S>> {
  let body: unknown = {}
  const text = await c.req.text()
  if (text.trim()) {
    try {
      body = JSON.parse(text)
    } catch {
      throw badRequest('The request body must be JSON.')
    }
  }
  return parseWith(schema, body)
}

export function readQuery<S extends z.ZodType>(c: ApiContext, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query())
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const { error, fields } = describeZodError(result.error)
    throw new HttpError(400, error, { fields })
  }
  return result.data
}
