import { http, HttpResponse } from 'msw'
import { successSchema, type ContractRoute, type RouteOutput } from '../../server/contract'
import { API } from './msw'

type Answer<R extends ContractRoute> = RouteOutput<R> | Response
type Resolver<R extends ContractRoute> = (info: {
  request: Request
  params: Record<string, string | readonly string[] | undefined>
}) => Answer<R> | Promise<Answer<R>>

/**
 * An msw handler for a route of the api contract. Path and method come from the contract, and a
 * mocked success answer is checked against the route's schema, so a mock that drifts from what the
 * api really answers fails the test instead of hiding a bug. Return a Response for errors.
 */
export function mockRoute<R extends ContractRoute>(route: R, resolve: NoInfer<Resolver<R>>, options?: { once?: boolean }) {
  const method = route.method as 'get' | 'post' | 'put' | 'delete' | 'patch'
  const path = `${API}${route.path.replace(/\{(\w+)\}/g, ':$1')}`
  return http[method](
    path,
    async (info) => {
      const answer = await resolve(info)
      if (answer instanceof Response) return answer
      const { status, schema } = successSchema(route)
      const checked = schema.safeParse(answer)
      if (!checked.success) {
        throw new Error(
          `The mocked answer of ${route.method.toUpperCase()} ${route.path} is not what the api answers: ${checked.error.message}`,
        )
      }
      return HttpResponse.json(answer as never, { status })
    },
    options,
  )
}

/** An error answer in the api's shape: `{ error, ...details }`. */
export const apiError = (status: number, error: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({ error, ...extra }, { status })
