import { allProducts, idArg, money, requireScope, type GraphqlContext } from './context'
import { metafieldErrors, upsertMetafield, type MetafieldInput, type UserError } from './metafields'
import type { ProductData, ProductStatus, VariantData } from './state'
import { notify, productPayload } from './webhooks'

interface ProductFieldsInput {
  title?: string | null
  descriptionHtml?: string | null
  vendor?: string | null
  productType?: string | null
  status?: ProductStatus | null
  tags?: string[] | null
  handle?: string | null
  templateSuffix?: string | null
  seo?: { title?: string | null; description?: string | null } | null
  metafields?: MetafieldInput[] | null
}

interface ProductSetInput extends ProductFieldsInput {
  id?: string | null
  productOptions?: { name?: string | null; values?: { name?: string | null }[] | null }[] | null
  variants?: {
    id?: string | null
    optionValues: { optionName?: string | null; name?: string | null }[]
    price?: string | null
    compareAtPrice?: string | null
    sku?: string | null
    inventoryQuantities?: { quantity: number }[] | null
  }[]
  files?: { id?: string | null; originalSource?: string | null; alt?: string | null }[] | null
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'product'

async function uniqueHandle(ctx: GraphqlContext, wanted: string, self: number | null): Promise<string> {
  const taken = new Set((await allProducts(ctx)).filter((p) => p.id !== self).map((p) => p.handle))
  let handle = wanted
  for (let i = 1; taken.has(handle); i++) handle = `${wanted}-${i}`
  return handle
}

/** The plain fields both mutations set; returns userErrors instead of changing anything when the input is wrong. */
async function applyFields(ctx: GraphqlContext, p: ProductData, input: ProductFieldsInput, path: string): Promise<UserError[]> {
  if (input.title != null) {
    if (!input.title.trim()) return [{ field: [path, 'title'], message: "Title can't be blank", code: 'INVALID_INPUT' }]
    p.title = input.title
  }
  if (input.handle != null && input.handle !== p.handle) {
    const handle = slug(input.handle)
    if ((await uniqueHandle(ctx, handle, p.id)) !== handle)
      return [
        { field: [path, 'handle'], message: `Handle '${handle}' already in use. Please provide a new handle.`, code: 'HANDLE_NOT_UNIQUE' },
      ]
    p.handle = handle
  }
  if (input.descriptionHtml != null) p.descriptionHtml = input.descriptionHtml
  if (input.vendor != null) p.vendor = input.vendor
  if (input.productType != null) p.productType = input.productType
  if (input.status != null) p.status = input.status
  if (input.tags != null) p.tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))]
  // An empty suffix means the default template, like null.
  if (input.templateSuffix !== undefined) p.templateSuffix = input.templateSuffix || null
  if (input.seo) p.seo = { title: input.seo.title ?? p.seo.title, description: input.seo.description ?? p.seo.description }
  if (input.metafields?.length) {
    const errors = metafieldErrors(input.metafields, ctx.shop.appId, p.metafields, [path, 'metafields'])
    if (errors.length) return errors
    for (const m of input.metafields) await upsertMetafield(ctx, p.metafields, m)
  }
  return []
}

function optionsAndVariants(ctx: GraphqlContext, p: ProductData, input: ProductSetInput, newId: () => Promise<number>) {
  return (async (): Promise<UserError[]> => {
    if (input.productOptions) {
      const options = []
      for (const o of input.productOptions) {
        if (!o.name) return [{ field: ['input', 'productOptions'], message: 'Option name is required', code: 'INVALID_INPUT' }]
        const values = (o.values ?? []).map((v) => v.name ?? '').filter(Boolean)
        if (!values.length)
          return [{ field: ['input', 'productOptions'], message: `Option '${o.name}' needs values`, code: 'OPTION_VALUES_MISSING' }]
        options.push({ id: p.options.find((x) => x.name === o.name)?.id ?? (await newId()), name: o.name, values })
      }
      p.options = options
    }
    if (input.variants) {
      if (!input.productOptions)
        return [
          {
            field: ['input', 'productOptions'],
            message: 'Product options input is required when updating variants',
            code: 'PRODUCT_OPTIONS_INPUT_MISSING',
          },
        ]
      const variants: VariantData[] = []
      for (const [i, v] of input.variants.entries()) {
        const selected = []
        for (const option of p.options) {
          const value = v.optionValues.find((ov) => ov.optionName === option.name)?.name
          if (!value || !option.values.includes(value))
            return [
              {
                field: ['input', 'variants', String(i), 'optionValues'],
                message: `Option value for '${option.name}' does not exist`,
                code: 'OPTION_VALUE_DOES_NOT_EXIST',
              },
            ]
          selected.push({ name: option.name, value })
        }
        const title = selected.map((s) => s.value).join(' / ')
        const before = p.variants.find((x) => (v.id ? idArg(v.id, 'ProductVariant') === x.id : x.title === title))
        const price = v.price ?? before?.price ?? '0.00'
        if (!Number.isFinite(Number(price)) || Number(price) < 0)
          return [{ field: ['input', 'variants', String(i), 'price'], message: 'Price must be a positive number', code: 'INVALID_VARIANT' }]
        const counted = v.inventoryQuantities?.reduce((sum, q) => sum + q.quantity, 0)
        variants.push({
          id: before?.id ?? (await newId()),
          title,
          price: money(price),
          compareAtPrice:
            v.compareAtPrice != null ? money(v.compareAtPrice) : v.compareAtPrice === null ? null : (before?.compareAtPrice ?? null),
          sku: v.sku ?? before?.sku ?? null,
          tracked: counted !== undefined ? true : (before?.tracked ?? false),
          inventory: counted ?? before?.inventory ?? 0,
          selectedOptions: selected,
        })
      }
      if (!variants.length)
        return [{ field: ['input', 'variants'], message: 'A product needs at least one variant', code: 'VARIANTS_INPUT_MISSING' }]
      p.variants = variants
    }
    if (input.files) {
      const images = []
      for (const f of input.files) {
        const kept = f.id
          ? p.images.find((img) => img.id === idArg(f.id, 'MediaImage'))
          : p.images.find((img) => img.url === f.originalSource)
        if (!kept && !/^https?:\/\//.test(f.originalSource ?? ''))
          return [{ field: ['input', 'files'], message: 'File source must be an http(s) URL', code: 'INVALID_INPUT' }]
        images.push({ id: kept?.id ?? (await newId()), url: kept?.url ?? f.originalSource!, alt: f.alt ?? kept?.alt ?? null })
      }
      p.images = images
    }
    return []
  })()
}

function blankProduct(id: number, now: string): ProductData {
  return {
    id,
    handle: '',
    title: '',
    descriptionHtml: '',
    vendor: '',
    productType: '',
    status: 'ACTIVE',
    tags: [],
    templateSuffix: null,
    seo: { title: null, description: null },
    options: [],
    variants: [],
    images: [],
    metafields: [],
    createdAt: now,
    updatedAt: now,
  }
}

/** After the answer, as Shopify does: a webhook for the change. */
const announce = (ctx: GraphqlContext, topic: string, p: ProductData) =>
  ctx.after.push(() => notify(ctx, topic, productPayload(ctx, p)).then(() => {}))

const productFailure = (userErrors: UserError[]) => ({ product: null, productSetOperation: null, userErrors })

export async function productSet(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_products', 'productSet')
  const input = args.input as ProductSetInput
  const identifier = (args.identifier ?? {}) as { id?: string; handle?: string; customId?: unknown }
  let existing: ProductData | null = null
  const byId = identifier.id ?? input.id
  if (identifier.customId)
    return productFailure([
      { field: ['identifier', 'customId'], message: 'Custom ids are not supported by the demo shop', code: 'INVALID_INPUT' },
    ])
  if (byId) {
    existing = await ctx.store.get('product', idArg(byId, 'Product'))
    if (!existing)
      return productFailure([{ field: ['identifier', 'id'], message: 'Product does not exist', code: 'PRODUCT_DOES_NOT_EXIST' }])
  } else if (identifier.handle) {
    existing = (await allProducts(ctx)).find((p) => p.handle === identifier.handle) ?? null
  }
  const now = ctx.now().toISOString()
  const product: ProductData = existing ? structuredClone(existing) : blankProduct(await ctx.newId(), now)
  if (!existing) {
    if (!input.title?.trim()) return productFailure([{ field: ['input', 'title'], message: "Title can't be blank", code: 'INVALID_INPUT' }])
    product.handle = await uniqueHandle(ctx, slug(input.handle ?? identifier.handle ?? input.title), null)
  }
  const errors = [
    ...(await applyFields(ctx, product, { ...input, handle: existing ? input.handle : undefined }, 'input')),
    ...(await optionsAndVariants(ctx, product, input, () => ctx.newId())),
  ]
  if (errors.length) return productFailure(errors)
  if (!product.variants.length) {
    product.options = [{ id: await ctx.newId(), name: 'Title', values: ['Default Title'] }]
    product.variants = [
      {
        id: await ctx.newId(),
        title: 'Default Title',
        price: '0.00',
        compareAtPrice: null,
        sku: null,
        tracked: false,
        inventory: 0,
        selectedOptions: [{ name: 'Title', value: 'Default Title' }],
      },
    ]
  }
  product.updatedAt = now
  await ctx.store.put('product', product.id, product)
  announce(ctx, existing ? 'products/update' : 'products/create', product)
  return { product, productSetOperation: null, userErrors: [] }
}

export async function productUpdate(_p: unknown, args: Record<string, unknown>, ctx: GraphqlContext) {
  requireScope(ctx, 'write_products', 'productUpdate')
  const input = (args.product ?? args.input ?? {}) as ProductFieldsInput & { id?: string }
  const identifier = (args.identifier ?? {}) as { id?: string; handle?: string }
  const id = identifier.id ?? input.id
  const existing = id
    ? await ctx.store.get('product', idArg(id, 'Product'))
    : identifier.handle
      ? ((await allProducts(ctx)).find((p) => p.handle === identifier.handle) ?? null)
      : null
  if (!existing) return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] }
  const product = structuredClone(existing)
  const errors = await applyFields(ctx, product, input, 'product')
  if (errors.length) return { product: null, userErrors: errors.map(({ field, message }) => ({ field, message })) }
  product.updatedAt = ctx.now().toISOString()
  await ctx.store.put('product', product.id, product)
  announce(ctx, 'products/update', product)
  return { product, userErrors: [] }
}
