import { z } from 'zod'
import { type SectionContent, ADDABLE_SECTION_TYPES } from '../../server/domain/page/edit'
import { sectionIdField } from '../../server/domain/page/schema'
import { REWRITE_INSTRUCTION_MAX, templateIdField } from '../../server/domain/task-input'
import { hexColorField, MESSAGES } from '../../server/domain/validation'
import { EDIT_INTENT } from './intents'

/** The editor's forms: one schema per button, a union on `intent`. Every form names the version it was made from. */
const base = { base_version: z.coerce.number().int().min(1) }
const section = { ...base, section_id: sectionIdField() }

/** "12.50", "12,50", "" → a price in major units, or null. */
const money = z
  .string()
  .trim()
  .max(20)
  .transform((v, ctx) => {
    if (!v) return null
    const n = Number(
      v
        .replace(/\s/g, '')
        .replace(/,(\d{1,2})$/, '.$1')
        .replace(/,/g, ''),
    )
    if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Enter a price such as 24.99' })
      return z.NEVER
    }
    return Math.round(n * 100) / 100
  })
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.maxLength(max))
    .transform((v) => v || null)
const buyUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) => !v || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) || /^\/[^/\\]/.test(v),
    'Enter the full address of your product page, starting with https://',
  )
  .transform((v) => v || null)

export const pageEditSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(EDIT_INTENT.section), ...section }).passthrough(),
  z.object({ intent: z.literal(EDIT_INTENT.up), ...section }),
  z.object({ intent: z.literal(EDIT_INTENT.down), ...section }),
  z.object({ intent: z.literal(EDIT_INTENT.hide), ...section }),
  z.object({ intent: z.literal(EDIT_INTENT.show), ...section }),
  z.object({ intent: z.literal(EDIT_INTENT.remove), ...section }),
  z.object({
    intent: z.literal(EDIT_INTENT.add),
    ...base,
    type: z.enum(ADDABLE_SECTION_TYPES as [string, ...string[]]),
    after: z.string().max(40).optional(),
  }),
  z.object({
    intent: z.literal(EDIT_INTENT.rewrite),
    ...section,
    instruction: z.string().trim().max(REWRITE_INSTRUCTION_MAX, MESSAGES.maxLength(REWRITE_INSTRUCTION_MAX)).optional(),
  }),
  z.object({
    intent: z.literal(EDIT_INTENT.owner),
    ...base,
    price: money,
    compare_at: money,
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{3})?$/, 'Use a three-letter currency code such as USD')
      .transform((v) => v || null),
    buy_url: buyUrl,
    guarantee: optionalText(1000),
    shipping: optionalText(1000),
    returns: optionalText(1000),
  }),
  z.object({
    intent: z.literal(EDIT_INTENT.theme),
    ...base,
    primary: hexColorField(),
    accent: hexColorField(),
    background: hexColorField(),
    text: hexColorField(),
    font: z.enum(['system', 'serif', 'rounded']),
    radius: z.enum(['none', 'small', 'large']),
  }),
  z.object({ intent: z.literal(EDIT_INTENT.template), ...base, page_template_id: templateIdField() }),
  z.object({ intent: z.literal(EDIT_INTENT.gallery), ...base }).passthrough(),
  z.object({ intent: z.literal(EDIT_INTENT.restore), version: z.coerce.number().int().min(1) }),
  z.object({ intent: z.literal(EDIT_INTENT.regenerate), confirm: z.literal('yes').optional() }),
])
export type PageEditForm = z.output<typeof pageEditSchema>

/** Rows posted as `items.0.title`, `items.0.text` … in order of their index. */
function indexed(form: Record<string, unknown>, prefix: string): Record<string, string>[] {
  const rows: Record<string, string>[] = []
  const re = new RegExp(`^${prefix}\\.(\\d{1,3})\\.([a-zA-Z]{1,20})$`)
  for (const [key, value] of Object.entries(form)) {
    const m = re.exec(key)
    if (!m || typeof value !== 'string') continue
    const i = Number(m[1])
    rows[i] ??= Object.create(null) as Record<string, string>
    rows[i][m[2]] = value
  }
  return rows.filter(Boolean)
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/** A section form's texts as the domain's SectionContent. */
export function sectionContentFromForm(form: Record<string, unknown>): SectionContent {
  const fields: Record<string, string> = {}
  for (const name of ['heading', 'subheading', 'ctaLabel', 'text', 'buttonLabel']) {
    const v = str(form[name])
    if (v !== undefined) fields[name] = v.slice(0, 5000)
  }
  const content: SectionContent = { fields }
  const items = indexed(form, 'items')
  if (items.length) content.items = items
  if (str(form.body) !== undefined) content.bodyText = str(form.body)
  const columns = indexed(form, 'columns').map((c) => c.name ?? '')
  const rows = indexed(form, 'rows')
  if (columns.length) {
    content.columns = columns
    content.rows = rows.map((r) => ({ label: r.label ?? '', cells: columns.map((_, i) => r[`c${i}`] ?? '') }))
  }
  const src = str(form.image_src)
  if (src !== undefined) content.image = src ? { src, alt: (str(form.image_alt) ?? '').trim().slice(0, 300) } : null
  return content
}

/** The gallery form: `images.N.src`, `images.N.alt`, `images.N.show`, `images.N.order`. */
export function galleryFromForm(form: Record<string, unknown>): { src: string; alt: string }[] {
  return indexed(form, 'images')
    .map((r, i) => ({ src: r.src ?? '', alt: (r.alt ?? '').trim().slice(0, 300), show: r.show === 'on', order: Number(r.order) || i + 1 }))
    .filter((r) => r.show && r.src)
    .sort((a, b) => a.order - b.order)
    .map(({ src, alt }) => ({ src, alt }))
}
