import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'

/** A route of the contract. */
export type ContractRoute = RouteConfig

type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never
type SuccessStatus = 200 | 201
type Request<R> = R extends { request: infer Q } ? Q : object

/** The JSON a route answers on success. */
export type RouteOutput<R extends ContractRoute> = z.output<JsonSchemaOf<R['responses'][SuccessStatus & keyof R['responses']]>>

/** What a caller passes: path params, query, JSON body and headers, each typed by the route's schemas. */
export type RouteInput<R extends ContractRoute> = (Request<R> extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: never }) &
  (Request<R> extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: never }) &
  (Request<R> extends { body: { content: { 'application/json': { schema: infer B extends z.ZodType } } } }
    ? { json: z.input<B> }
    : { json?: never }) &
  (Request<R> extends { headers: infer H extends z.ZodType } ? { headers?: z.input<H> } : { headers?: never })

/** The schema of a route's success answer, for checks at run time (test mocks). */
export function successSchema(route: ContractRoute): { status: number; schema: z.ZodType } {
  for (const status of [200, 201] as const) {
    const res = route.responses[status] as { content?: { 'application/json'?: { schema?: z.ZodType } } } | undefined
    const schema = res?.content?.['application/json']?.schema
    if (schema) return { status, schema }
  }
  throw new Error(`${route.method.toUpperCase()} ${route.path} has no JSON success answer`)
}

/** A contract path with its `{params}` filled in (encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
