import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { pageSchema } from '../domain/page/schema'
import { ERRORS, json } from './common'

const tags = ['About the api']

export const openapi = createRoute({
  method: 'get',
  path: '/v2/openapi.json',
  tags,
  summary: 'This api described as an OpenAPI 3.1 document',
  description:
    'Generated from the same zod schemas the api validates with, so it always matches what is served. No sign-in; answers may be cached for five minutes.',
  responses: {
    200: json(z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1.0 document.'), 'The document.'),
  },
})

export const samplePageSchema = z
  .object({
    product: z.object({
      handle: z.string(),
      title: z.string(),
      url: z.string().describe('The demo-store product page the facts were imported from.'),
    }),
    template: z.string().describe('The page template the built-in writer chose for the facts.'),
    page: pageSchema.describe('The page as shoppers see it.'),
  })
  .meta({ id: 'SamplePage' })
export type SamplePage = z.output<typeof samplePageSchema>

export const samplePage = createRoute({
  method: 'get',
  path: '/v2/samples/page',
  tags,
  summary: 'A real page written by the built-in writer from a demo-store product',
  description:
    'Imports the product from the built-in demo store and writes its page with the offline writer, exactly as a generation would (no credits, nothing saved). The same product always gives the same page. No sign-in; cached for five minutes.',
  request: {
    query: z.object({
      product: z
        .string()
        .max(100)
        .optional()
        .describe('A demo-store product handle, e.g. `aurora-pour-over-set`; the first product when left out.'),
    }),
  },
  responses: {
    200: json(samplePageSchema, 'The sample page.'),
    400: ERRORS[400],
    404: ERRORS[404],
  },
})

export const routes = { openapi, samplePage }
