import { escapeHtml } from '../../../domain/html-text'
import type { OutlineSection } from '../../../domain/outline'
import type { PageInput, SectionType } from '../../../domain/page/schema'
import { placeholderUrl } from '../../../domain/placeholder'
import { ratingSummary, type ProductFacts } from '../../../domain/product-facts'
import type { PageTemplate } from '../../../domain/templates'
import { provenanceText, realOptions } from '../figures'
import type { Research } from '../types'
import { topicOf } from './faq'
import type { Locale } from './locale'
import { repeats } from './nlp'
import { comparableVariants, ctaLines, theName, theNoun, type Style } from './outline'
import { benefitItem, firstClause } from './phrases'
import { specName, specValue, usSpelling } from './specs'
import { clip, formatMoney, hash, type Ledger, sentence, sentenceKey, splitSentences, squash } from './text'

/**
 * Section writers: each turns one outline section into a page section using only the facts, the
 * research and the outline's title and points. A writer returns null when the facts cannot fill
 * the section, and the page leaves it out.
 */
export type SectionInput = PageInput['sections'][number]

export interface BuildContext {
  facts: ProductFacts
  research: Research
  template: PageTemplate
  ledger: Ledger
  style: Style
  /** Facts already shown by a section ("rating", "spec:Weight", "option:Colour"): no other section repeats them. */
  used: Set<string>
  /** The source is in English: the writer may write sentences of its own around the facts. */
  english: boolean
  /** Otherwise, the words it adds in the source's language (null: it has none, and adds as few as it can). */
  locale: Locale | null
}

type Builder = (os: OutlineSection, ctx: BuildContext) => SectionInput | null

const bang = (s: string, style: Style) => (style.tone === 'playful' && !/[!?]$/.test(s) ? `${s.replace(/[.]$/, '')}!` : s)

/** An image's alt text: what it shows, in the page's language (the name alone when that is not English). */
function altText(ctx: BuildContext, first: boolean): string {
  const r = ctx.research
  if (!ctx.english) return r.name
  return first ? `Photo of ${theName(r)}` : `Another photo of ${theNoun(r) ?? theName(r)}`
}

function heading(os: OutlineSection, ctx: BuildContext): string {
  ctx.ledger.claim(os.title)
  return squash(os.title).slice(0, 200)
}

function priceOf(facts: ProductFacts) {
  if (facts.price == null || !facts.currency) return null
  const compareAt = facts.compareAtPrice != null && facts.compareAtPrice > facts.price ? facts.compareAtPrice : null
  return { amount: facts.price, compareAt, currency: facts.currency }
}

function image(ctx: BuildContext, index: number, alt: string, w: number, h: number) {
  const src = ctx.facts.images[index]
  if (src && (/^https:\/\//.test(src) || /^\/[^/\\]/.test(src) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(src)))
    return { src, alt }
  const { theme } = ctx.template
  return {
    src: placeholderUrl(w, h, { bg: theme.background, fg: theme.primary, text: ctx.research.name }),
    alt: ctx.english ? `Placeholder image for ${theName(ctx.research)}` : ctx.research.name,
  }
}

/** At most `max` characters, cut at a sentence end when there is one, else at a word. */
function clipSentence(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '))
  return end > max / 3 ? cut.slice(0, end + 1) : sentence(clip(text, max - 1))
}

/** Keeps the text's sentences that are new to the page; shortens to the first clause when asked. */
function fresh(ctx: BuildContext, text: string): string | null {
  const t = ctx.style.length === 'short' ? firstClause(text) : sentence(text)
  return ctx.ledger.keep(t)
}

const hero: Builder = (os, ctx) => {
  const { research: r, facts, style } = ctx
  const title = heading(os, ctx)
  let sub: string
  if (style.length === 'short') {
    // The shortest fresh line: the main clause of one of its points (never the price: the buy box shows it).
    const lines = os.points.map((p) => firstClause(p)).filter((l) => l && !ctx.ledger.has(l))
    sub = lines.sort((a, b) => a.length - b.length)[0] ?? ''
    ctx.ledger.add(sub)
  } else {
    sub = os.points
      .map((p) => fresh(ctx, p))
      .filter(Boolean)
      .join(' ')
  }
  // Always a sentence about the product: its tagline, a feature, its story, else its full title.
  const fallbacks = [r.tagline, ...r.keyFeatures, ...r.story, ...r.useCases].flatMap((f) => (f ? [f.text] : []))
  for (const line of fallbacks) {
    if (sub) break
    sub = fresh(ctx, line) ?? ''
  }
  if (!sub) {
    // Else what the full title adds to the name ("The Whole Truth (A. Shaw Book 1)" → "A. Shaw Book 1."), else the title.
    const rest = facts.title.startsWith(r.name) ? facts.title.slice(r.name.length) : ''
    const extra = /^\s*(?:[:(,–—-]|\s-\s)/.test(rest) ? rest.replace(/^[\s:(,–—-]+|[)\s]+$/g, '').replace(/\)\s*/g, ' ') : ''
    // A title the heading already shows whole (a book's) is not said again under it.
    sub = extra.split(' ').length >= 2 ? sentence(extra) : sentenceKey(facts.title) === sentenceKey(title) ? '' : sentence(facts.title)
    ctx.ledger.count(sub)
  }
  ctx.ledger.add(sub)
  if (style.tone === 'playful' && ctx.english) sub = `${sub} ${ctx.ledger.keep('Read on for all the details!') ?? ''}`.trim()
  const options = realOptions(facts).map((o) => o.name.toLowerCase())
  const ctaLabel = !ctx.english
    ? (ctx.locale?.shopNow ?? 'Shop now')
    : style.tone === 'playful'
      ? 'Grab yours!'
      : style.tone === 'formal'
        ? 'Order now'
        : options.includes('size')
          ? 'Choose your size'
          : options.some((o) => /colou?r/.test(o))
            ? 'Pick your color'
            : 'Shop now'
  return {
    id: os.id,
    type: 'hero',
    heading: title,
    subheading: clipSentence(sub, 600),
    image: image(ctx, 0, altText(ctx, true), 1200, 900),
    price: priceOf(facts),
    ctaLabel,
  }
}

const benefits: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const used = new Set<string>()
  const items: { title: string; text: string }[] = []
  const untitled: string[] = []
  for (const point of os.points.slice(0, ctx.style.length === 'short' ? 3 : 8)) {
    if (ctx.ledger.has(point)) continue
    // A title that adds something its text does not say, and a text without the title's words.
    const item = benefitItem(point, (x) => used.has(sentenceKey(x)) || ctx.ledger.has(x), ctx.english)
    const short = ctx.style.length === 'short' && item.text && item.title ? firstClause(item.text) : null
    const candidate = short && !repeats(item.title, short) ? short : item.text
    if (ctx.ledger.has(candidate)) continue
    if (!item.title) {
      untitled.push(candidate)
      continue
    }
    const text = ctx.ledger.keep(candidate)
    if (!text || !ctx.ledger.claim(item.title)) continue
    used.add(sentenceKey(item.title))
    items.push({ title: clip(bang(item.title, ctx.style), 120), text: clipSentence(text, 600) })
  }
  // Lines with no title of their own: beside titled cards, one card gathers them (never a card without a
  // title among titled ones); alone, each is its own card.
  const details = ctx.english ? 'Details' : (ctx.locale?.details ?? null)
  if (items.length > 0 && untitled.length > 0 && details && items.length < 8 && ctx.ledger.claim(details)) {
    const text = ctx.ledger.keep(untitled.join(' '))
    if (text) items.push({ title: details, text: clipSentence(text, 600) })
  } else if (items.length === 0) {
    for (const line of untitled.slice(0, 8)) {
      const text = ctx.ledger.keep(line)
      if (text) items.push({ title: '', text: clipSentence(text, 600) })
    }
  }
  return items.length ? { id: os.id, type: 'benefits', heading: title, items } : null
}

const imageWithText: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const kept = os.points.slice(0, ctx.style.length === 'short' ? 2 : 6).flatMap((p) => fresh(ctx, p) ?? [])
  const sentences = kept.flatMap((k) => splitSentences(k))
  if (sentences.length === 0) return null
  const paragraphs: string[] = []
  for (let i = 0; i < sentences.length; i += 2) paragraphs.push(`<p>${escapeHtml(sentences.slice(i, i + 2).join(' '))}</p>`)
  const position = (hash(ctx.facts.title) + ctx.style.variant) % 2 === 0 ? 'right' : 'left'
  return {
    id: os.id,
    type: 'image-with-text',
    heading: title,
    body: paragraphs.join(''),
    image: image(ctx, 1, altText(ctx, false), 900, 700),
    imagePosition: position,
  }
}

const stats: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const figures = ctx.research.figures
  const items = os.points
    .map((p) => figures.find((f) => p === f.key || p.toLowerCase().startsWith(f.label.toLowerCase())))
    .filter((f, i, all): f is NonNullable<typeof f> => !!f && all.indexOf(f) === i && !ctx.used.has(f.key))
    // A measurement the page's prose already gives is not shown again as a figure.
    .filter((f) => !(f.key.startsWith('spec:') && ctx.ledger.mentions(f.value)))
    // In another language, only what has a label in it: the stated rating and the specifications' own names.
    .filter((f) => ctx.english || f.key.startsWith('spec:') || (f.key === 'listing-rating' && ctx.locale))
    // The same value twice ("10 Amps" as three ratings) is shown once.
    .filter((f, i, all) => all.findIndex((g) => g.value === f.value) === i)
    .slice(0, ctx.style.length === 'short' ? 3 : 6)
  for (const f of items) ctx.used.add(f.key)
  return items.length
    ? {
        id: os.id,
        type: 'stats',
        heading: title,
        items: items.map((f) => ({ value: clip(f.value, 40), label: clip(statLabel(f, ctx), 120), source: clip(f.source, 120) })),
      }
    : null
}

/** A figure's label; a stated rating's in the page's language. */
function statLabel(f: { key: string; label: string }, ctx: BuildContext): string {
  const listing = ctx.facts.listingRating
  if (ctx.english || f.key !== 'listing-rating' || !ctx.locale || !listing) return f.label
  return ctx.locale.rating(String(listing.count))
}

const specs: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const all = ctx.facts.specs.filter((s) => s.name.trim() && s.value.trim())
  const wanted = os.points.some((p) => /^all\b/i.test(p))
    ? all
    : all.filter((s) => os.points.some((p) => sentenceKey(p.split(':')[0]) === sentenceKey(s.name)))
  const shown = wanted
    .filter((s) => !ctx.used.has(`spec:${s.name.trim()}`) && !(/\d/.test(s.value) && ctx.ledger.mentions(specValue(s.value))))
    .slice(0, ctx.style.length === 'short' ? 4 : 40)
  for (const s of shown) ctx.used.add(`spec:${s.name.trim()}`)
  const items = shown.map((s) => ({
    name: (ctx.english ? specName(s.name) : squash(s.name)).slice(0, 200),
    value: (ctx.english ? specValue(s.value) : squash(s.value)).slice(0, 1000),
  }))
  return items.length ? { id: os.id, type: 'specs', heading: title, items } : null
}

const comparison: Builder = (os, ctx) => {
  const variants = comparableVariants(ctx.facts)
  if (!variants) return null
  const currency = ctx.facts.currency as string
  const chosen = variants
    .filter((v) => os.points.some((p) => sentenceKey(p) === sentenceKey(v.title)))
    .slice(0, ctx.style.length === 'short' ? 4 : 20)
  if (chosen.length < 2) return null
  const withStock = chosen.some((v) => v.available != null)
  const columns = [
    clip(
      realOptions(ctx.facts)
        .map((o) => o.name)
        .join(' / '),
      120,
    ) ||
      (ctx.locale?.option ?? 'Option'),
    ctx.locale?.price ?? 'Price',
    ...(withStock ? [ctx.locale?.availability ?? 'Availability'] : []),
  ]
  const stock = (v: boolean | null) =>
    v === false ? (ctx.locale?.soldOut ?? 'Sold out') : v ? (ctx.locale?.inStock ?? 'In stock') : (ctx.locale?.notStated ?? 'Not stated')
  for (const o of realOptions(ctx.facts)) ctx.used.add(`option:${o.name}`)
  const rows = chosen.map((v) => ({
    label: v.title.slice(0, 120),
    cells: [formatMoney(v.price as number, currency), ...(withStock ? [stock(v.available)] : [])],
  }))
  return { id: os.id, type: 'comparison', heading: heading(os, ctx), columns, rows }
}

const READABLE_REVIEW_CHARS = 700

const reviews: Builder = (os, ctx) => {
  const { facts } = ctx
  if (facts.reviews.length === 0) return null
  // Quotes stay word for word, so a marketplace's essay-long review is not cut but left out when
  // at least three readable ones remain: a card of 2,000 words buries the rest of the page.
  const readable = facts.reviews.filter((r) => r.body.length <= READABLE_REVIEW_CHARS)
  const pool = readable.length >= 3 ? readable : facts.reviews
  const items = pool.slice(0, ctx.style.length === 'short' ? 3 : 30).map((r) => ({
    author: r.author.slice(0, 120),
    rating: r.rating,
    date: r.date,
    title: r.title ? r.title.slice(0, 300) : null,
    body: r.body.slice(0, 5000),
  }))
  for (const key of ['rating', 'reviews', 'listing-rating']) ctx.used.add(key)
  return {
    id: os.id,
    type: 'reviews',
    heading: heading(os, ctx),
    provenance: provenanceText(facts).slice(0, 200),
    summary: ratingSummary(facts.reviews),
    listingRating: facts.listingRating ?? null,
    items,
  }
}

const faq: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const qa = ctx.research.faq
  const items: { question: string; answer: string }[] = []
  for (const point of os.points.slice(0, ctx.style.length === 'short' ? 3 : 12)) {
    const topic = topicOf(point)
    const found = qa.find((q) => sentenceKey(q.question) === sentenceKey(point)) ?? (topic ? qa.find((q) => q.topic === topic) : undefined)
    if (!found) continue
    // A question answered by a fact another section already shows is left out.
    const keys = factKeys(found.source)
    if (keys.some((k) => ctx.used.has(k)) || !ctx.ledger.claim(point)) continue
    // Nor one listing the values of options another section lists ("Which models does it fit?" beside the table).
    const listsUsed = realOptions(ctx.facts).some(
      (o) => o.values.length >= 2 && ctx.used.has(`option:${o.name}`) && o.values.every((v) => found.answer.includes(v)),
    )
    const specsSaid = keys.some((k) => {
      const spec = k.startsWith('spec:') ? ctx.facts.specs.find((x) => `spec:${x.name.trim()}` === k) : undefined
      return !!spec && /\d/.test(spec.value) && ctx.ledger.mentions(specValue(spec.value))
    })
    if (listsUsed || specsSaid) continue
    const answer = ctx.ledger.keep(found.answer)
    if (!answer) continue
    for (const k of keys) ctx.used.add(k)
    items.push({ question: clip(sentence(point).replace(/\.$/, '?'), 300), answer: clipSentence(answer, 2000) })
  }
  return items.length ? { id: os.id, type: 'faq', heading: title, items } : null
}

const guarantee: Builder = (os, ctx) => {
  const g = ctx.research.guarantee
  // No guarantee in the facts: the section stays, empty, for the owner to write (never invented).
  const text = g ? ctx.ledger.keep(sentence(g.text)) : null
  return { id: os.id, type: 'guarantee', heading: heading(os, ctx), text: text ? clipSentence(text, 1000) : '' }
}

const cta: Builder = (os, ctx) => {
  const title = heading(os, ctx)
  const r = ctx.research
  // A closing line from the facts; one about what another section already shows is not repeated here.
  const current = ctaLines(ctx.facts, r, ctx.used)
  const stale = new Set(ctaLines(ctx.facts, r).filter((l) => !current.includes(l)))
  const candidates = [...os.points.filter((p) => !stale.has(p)), ...current]
  if (ctx.style.length === 'short') candidates.sort((a, b) => a.length - b.length)
  let text = ''
  for (const c of candidates) {
    const kept = fresh(ctx, c)
    if (kept) {
      text = kept
      break
    }
  }
  if (ctx.style.tone === 'playful' && ctx.english)
    text = `${text} ${ctx.ledger.keep(`You know you want ${r.plural ? 'them' : 'it'}!`) ?? ''}`.trim()
  const buttonLabel = !ctx.english
    ? (ctx.locale?.buyNow ?? 'Buy now')
    : ctx.style.tone === 'playful'
      ? "Let's do this!"
      : ctx.style.tone === 'formal'
        ? 'Place order'
        : 'Buy now'
  return { id: os.id, type: 'cta', heading: title, text: clipSentence(text, 600), buttonLabel, price: priceOf(ctx.facts) }
}

/** The fact keys a question's answer shows ("spec: Weight, spec: Size" → spec:Weight, spec:Size). */
function factKeys(source: string): string[] {
  return source.split(', ').flatMap((part) => {
    const m = /^(spec|option): (.+)$/.exec(part.trim())
    return m ? [`${m[1]}:${m[2].trim()}`] : []
  })
}

/** The page's one spelling (en-US) on every text the writer wrote; quoted reviews and variant names stay as written. */
export function finishSection(section: SectionInput, english = true): SectionInput {
  if (!english) return section
  const fix = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return key === 'src' || key === 'id' || key === 'type' ? v : usSpelling(v)
    if (Array.isArray(v)) return v.map((x) => fix(x, key))
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fix(x, k)]))
    return v
  }
  if (section.type === 'reviews') return { ...section, heading: usSpelling(section.heading) }
  if (section.type === 'comparison')
    return { ...(fix({ ...section, rows: [] }, '') as SectionInput & { type: 'comparison' }), rows: section.rows }
  return fix(section, '') as SectionInput
}

export const BUILDERS: Record<SectionType, Builder> = {
  hero,
  benefits,
  'image-with-text': imageWithText,
  stats,
  specs,
  comparison,
  reviews,
  faq,
  guarantee,
  cta,
}
