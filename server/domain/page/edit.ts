import { textToHtml } from '../html-text'
import type { OwnerFacts, Page, Section, Theme } from './schema'
import { SECTION_LABELS, type SectionType } from './section-types'

/**
 * The owner's edits to a page, as pure functions: each takes the page and returns the next one (or
 * a message a person understands). The result is validated by the page schema where it is saved.
 */
export type EditResult = { ok: true; page: Page } | { ok: false; message: string }

const ok = (page: Page): EditResult => ({ ok: true, page })
const fail = (message: string): EditResult => ({ ok: false, message })

/** The text fields of each section type the editor shows, in order. */
export const SECTION_TEXT_FIELDS: Record<SectionType, readonly string[]> = {
  hero: ['heading', 'subheading', 'ctaLabel'],
  benefits: ['heading'],
  'image-with-text': ['heading'],
  stats: ['heading'],
  comparison: ['heading'],
  reviews: ['heading'],
  faq: ['heading'],
  guarantee: ['heading', 'text'],
  cta: ['heading', 'text', 'buttonLabel'],
  specs: ['heading'],
}

/** The list items each type edits, and their fields. */
export const SECTION_LIST_FIELDS: Partial<Record<SectionType, readonly string[]>> = {
  benefits: ['title', 'text'],
  stats: ['value', 'label'],
  faq: ['question', 'answer'],
  specs: ['name', 'value'],
}

function findSection(page: Page, id: string): number {
  return page.sections.findIndex((s) => s.id === id)
}

function withSection(page: Page, index: number, section: Section): Page {
  return { ...page, sections: page.sections.map((s, i) => (i === index ? section : s)) }
}

type Row = Record<string, string>
export interface SectionContent {
  fields: Record<string, string>
  /** List rows; rows whose fields are all empty are dropped (that is how an item is removed). */
  items?: Row[]
  /** image-with-text: paragraphs of plain text (blank lines split them). */
  bodyText?: string
  /** comparison: the header row and the cells of each row. */
  columns?: string[]
  rows?: { label: string; cells: string[] }[]
  image?: { src: string; alt: string } | null
}

/** Replaces a section's texts with the owner's; other fields (ids, sources, reviews) stay. */
export function editSection(page: Page, sectionId: string, content: SectionContent): EditResult {
  const index = findSection(page, sectionId)
  if (index === -1) return fail('This section is no longer on the page. Reload the editor.')
  const section = page.sections[index]
  const next: Record<string, unknown> = { ...section }
  for (const name of SECTION_TEXT_FIELDS[section.type]) {
    if (content.fields[name] !== undefined) next[name] = content.fields[name].trim()
  }
  const listFields = SECTION_LIST_FIELDS[section.type]
  if (listFields && content.items) {
    const old = (section as { items: Row[] }).items
    const rows = content.items
      .map((row, i) => ({ ...(old[i] ?? { source: 'Written by the store' }), ...pick(row, listFields) }))
      .filter((row) => listFields.some((f) => (row as Row)[f]?.trim()))
    if (rows.length === 0)
      return fail(`Keep at least one item in “${section.heading || SECTION_LABELS[section.type]}”, or remove the section.`)
    next.items = rows
  }
  if (section.type === 'image-with-text' && content.bodyText !== undefined) next.body = textToHtml(content.bodyText)
  if (section.type === 'comparison' && content.columns && content.rows) {
    const columns = content.columns.map((c) => c.trim())
    const rows = content.rows
      .map((r) => ({ label: r.label.trim(), cells: columns.map((_, i) => (r.cells[i] ?? '').trim()) }))
      .filter((r) => r.label || r.cells.some(Boolean))
    if (rows.length === 0) return fail('Keep at least one row in the comparison, or remove the section.')
    next.columns = columns
    next.rows = rows
  }
  if ((section.type === 'hero' || section.type === 'image-with-text') && content.image !== undefined) next.image = content.image
  return ok(withSection(page, index, next as Section))
}

function pick(row: Row, fields: readonly string[]): Row {
  const out: Row = {}
  for (const f of fields) out[f] = (row[f] ?? '').trim()
  return out
}

export function moveSection(page: Page, sectionId: string, direction: 'up' | 'down'): EditResult {
  const i = findSection(page, sectionId)
  if (i === -1) return fail('This section is no longer on the page. Reload the editor.')
  const j = direction === 'up' ? i - 1 : i + 1
  if (j < 0 || j >= page.sections.length) return ok(page)
  const sections = [...page.sections]
  ;[sections[i], sections[j]] = [sections[j], sections[i]]
  return ok({ ...page, sections })
}

export function setSectionHidden(page: Page, sectionId: string, hidden: boolean): EditResult {
  const i = findSection(page, sectionId)
  if (i === -1) return fail('This section is no longer on the page. Reload the editor.')
  if (hidden && page.sections.filter((s) => !s.hidden).length <= 1) return fail('A page needs at least one visible section.')
  return ok(withSection(page, i, { ...page.sections[i], hidden: hidden || undefined }))
}

export function removeSection(page: Page, sectionId: string): EditResult {
  const i = findSection(page, sectionId)
  if (i === -1) return ok(page)
  if (page.sections.length <= 1) return fail('A page needs at least one section.')
  return ok({ ...page, sections: page.sections.filter((_, k) => k !== i) })
}

/** A new section the owner fills in: empty texts ask for theirs; nothing is made up. */
export function blankSection(type: SectionType, id: string): Section {
  const heading = SECTION_LABELS[type]
  switch (type) {
    case 'hero':
      return { id, type, heading: '', subheading: '', image: null, price: null, ctaLabel: 'Buy now' }
    case 'benefits':
      return { id, type, heading, items: [{ title: '', text: '' }] }
    case 'image-with-text':
      return { id, type, heading, body: '' as never, image: null, imagePosition: 'right' }
    case 'stats':
      return { id, type, heading, items: [{ value: '', label: '', source: 'Written by the store' }] }
    case 'comparison':
      return { id, type, heading, columns: ['', ''], rows: [{ label: '', cells: ['', ''] }] }
    case 'reviews':
      throw new Error('Reviews come from the source or a review file, never from a blank section.')
    case 'faq':
      return { id, type, heading, items: [{ question: '', answer: '' }] }
    case 'guarantee':
      return { id, type, heading: 'Our guarantee', text: '' }
    case 'cta':
      return { id, type, heading: '', text: '', buttonLabel: 'Buy now', price: null }
    case 'specs':
      return { id, type, heading, items: [{ name: '', value: '' }] }
  }
}

/** Section types the owner may add (reviews only come with imported reviews). */
export const ADDABLE_SECTION_TYPES: SectionType[] = [
  'hero',
  'benefits',
  'image-with-text',
  'stats',
  'comparison',
  'faq',
  'guarantee',
  'cta',
  'specs',
]

export function addSection(page: Page, type: SectionType, afterId: string | null, maxSections: number): EditResult {
  if (!ADDABLE_SECTION_TYPES.includes(type)) return fail('Reviews are added by importing them in the review editor.')
  if (page.sections.length >= maxSections) return fail(`A page can have at most ${maxSections} sections.`)
  let n = 1
  while (page.sections.some((s) => s.id === `${type}-${n}`)) n++
  const section = blankSection(type, `${type}-${n}`)
  const at = afterId ? findSection(page, afterId) + 1 : page.sections.length
  const sections = [...page.sections]
  sections.splice(at <= 0 ? page.sections.length : at, 0, section)
  return ok({ ...page, sections })
}

export const setOwnerFacts = (page: Page, owner: OwnerFacts): EditResult => ok({ ...page, owner })
export const setTheme = (page: Page, theme: Theme): EditResult => ok({ ...page, theme })
export const setGallery = (page: Page, gallery: { src: string; alt: string }[]): EditResult => ok({ ...page, gallery })

/**
 * Switches a page to a template: the template's look, and its sections put in the template's
 * order. Nothing the owner wrote is lost: every section stays with its content and visibility,
 * and sections the template does not list keep their place relative to each other after the rest.
 */
export function applyTemplate(page: Page, template: { theme: Theme; order: readonly SectionType[] }): EditResult {
  const rank = (type: SectionType) => {
    const at = template.order.indexOf(type)
    return at === -1 ? template.order.length : at
  }
  // Array.prototype.sort is stable: same-rank sections keep the page's order.
  const sections = [...page.sections].sort((a, b) => rank(a.type) - rank(b.type))
  return ok({ ...page, theme: template.theme, sections })
}
