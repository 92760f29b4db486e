import type { SamplePage } from '../../contract/docs'
import { DEMO_PRODUCTS } from '../../demo-store/catalog'
import { demoSamplePage } from '../../generation/compose/demo-sample'
import { notFound } from '../../http/http-error'
import { openApiDocument } from '../../http/openapi'

/** The document is built once per server address: the contract does not change while the process runs. */
const documents = new Map<string, ReturnType<typeof openApiDocument>>()
export function apiDocument(publicUrl: string) {
  let doc = documents.get(publicUrl)
  if (!doc) documents.set(publicUrl, (doc = openApiDocument(publicUrl)))
  return doc
}

/**
 * A page written from a demo-store product the way a generation writes it, saved nowhere and
 * costing nothing (server/generation/compose/demo-sample.ts).
 */
export async function samplePage(publicUrl: string, handle: string | undefined): Promise<SamplePage> {
  const product = handle === undefined ? DEMO_PRODUCTS[0] : DEMO_PRODUCTS.find((p) => p.handle === handle)
  if (!product) throw notFound('There is no demo-store product with this handle.')
  const sample = await demoSamplePage(product.handle)
  const url = `${publicUrl}/demo-store/products/${product.handle}`
  return { product: { handle: product.handle, title: sample.title, url }, template: sample.template, page: sample.page }
}
