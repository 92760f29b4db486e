import { z } from 'zod'

/**
 * What the research step reads from a product's facts (POST /v2/tasks/research): the same shape as
 * the composer's `Research` (server/generation/compose/types.ts; server/modules/tasks/service.ts
 * checks at compile time that the two are one shape).
 * Nothing here is guessed: an empty list or null means the facts say nothing about it.
 */
const source = z.string().describe('Where in the facts it was found, e.g. "bullet 2", "spec: Material", "description".')
const fact = z.object({ text: z.string(), source })

export const researchSchema = z
  .object({
    name: z.string().describe('Short product name for headings.'),
    noun: z.string().describe('What the product is, for questions ("set", "running shoes").'),
    plural: z.boolean().describe('Whether `noun` is plural.'),
    audience: fact.nullable().describe('Who it is for, only when the tags or product type say so.'),
    category: fact.nullable(),
    keyFeatures: z.array(fact).describe('Feature statements: bullets first, then description sentences when there are no bullets.'),
    materials: z.array(fact),
    sizes: z.array(fact).describe('Dimensions, weights, capacities.'),
    options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
    variantCount: z.number().int(),
    useCases: z.array(fact).describe('Description sentences that name a use.'),
    story: z.array(fact).describe('Description sentences left for the story section, in their original order.'),
    tagline: fact.nullable().describe('The opening line for the hero.'),
    faq: z.array(z.object({ topic: z.string(), question: z.string(), answer: z.string(), source })),
    guarantee: fact
      .extend({ kind: z.enum(['warranty', 'guarantee', 'returns']) })
      .nullable()
      .describe('A warranty, guarantee or returns statement, quoted as the facts give it.'),
    shipping: z.array(fact).describe('Shipping statements (only when the facts make them).'),
    reviewThemes: z.array(
      z.object({
        theme: z.string(),
        quotes: z.array(z.object({ author: z.string(), text: z.string(), rating: z.number().nullable(), source })),
      }),
    ),
    rating: z
      .object({
        average: z.number().nullable(),
        ratedCount: z.number().int(),
        reviewCount: z.number().int(),
        sources: z.array(z.string()),
      })
      .nullable()
      .describe('Computed from the imported reviews, never from a stated summary.'),
    pricing: z
      .object({
        amount: z.number(),
        currency: z.string(),
        compareAt: z.number().nullable(),
        saving: z
          .object({ amount: z.number(), percent: z.number().nullable() })
          .nullable()
          .describe('Only when the compare-at price is higher.'),
        summary: z.string().describe('What the prices say, in one sentence.'),
      })
      .nullable(),
    figures: z
      .array(z.object({ key: z.string(), value: z.string(), label: z.string(), source }))
      .describe('Key figures for the stats section: the listing rating, the computed review rating and count, numeric specs.'),
  })
  .meta({ id: 'Research' })
