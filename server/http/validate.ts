import type { Hook } from '@hono/zod-openapi'
import type { ApiEnv } from '../context'
import { describeZodError } from '../domain/validation'

/** A contract schema refused the input: 400 with `{ error: "field: message", fields }`. */
export const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result, c) => {
  if (!result.success) return c.json(describeZodError(result.error), 400)
}
