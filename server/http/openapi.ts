import { OpenAPIHono } from '@hono/zod-openapi'
import { allRoutes } from '../contract'

/** The OpenAPI 3.1 description of the api, generated from the contract (the routes the api serves). */
export function openApiDocument(serverUrl: string) {
  const doc = new OpenAPIHono()
  doc.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from sign-in, or your API key (pwk_…).',
  })
  for (const route of allRoutes()) doc.openAPIRegistry.registerPath(route)
  return doc.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Pagewright API', version: '2', description: 'Every non-2xx answer is `{ "error": "…" }`.' },
    servers: [{ url: serverUrl }],
  })
}
