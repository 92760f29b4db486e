import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { json } from './common'

const demoProductSchema = z
  .object({
    handle: z.string(),
    title: z.string(),
    product_type: z.string(),
    price: z.number().describe('USD, as the demo store sells it.'),
    image: z.string().describe('Path of the first picture on this server.'),
    url: z.string().describe('The product page on the built-in demo store, ready to generate from.'),
  })
  .meta({ id: 'DemoProduct' })

export const demoProducts = createRoute({
  method: 'get',
  path: '/v2/demo-store/products',
  tags: ['Onboarding'],
  summary: 'The built-in demo store’s products, to try Pagewright without a store (no sign-in)',
  description:
    'Every product of the Shopify-format demo store the server runs at `/demo-store`; any of their `url`s can be generated from.',
  responses: { 200: json(z.object({ items: z.array(demoProductSchema) }), 'The demo products.') },
})

export const routes = { demoProducts }
