import type { PageTemplate } from '../templates'
import { SECTION_LABELS, type SectionType } from './section-types'

/**
 * The sections library (/sections): what each section type of the page model is for, the facts it
 * is built from, what the composer does without them, its honesty rule and what the owner can
 * change. Pure data, read by the web's library screens; the live examples are in
 * ./section-samples.ts. Every type in SECTION_TYPES has an entry (section-library.test.ts).
 */

export const SECTION_TOPICS = [
  {
    slug: 'conversion',
    title: 'Conversion',
    description:
      'Sections that help a shopper decide and buy: the first screen, the price, the options side by side and the closing button. They move people with facts, never with made-up urgency.',
  },
  {
    slug: 'social-proof',
    title: 'Social proof',
    description:
      'What other buyers said and the ratings they gave, exactly as they were imported, with where they come from. Pagewright never writes a review, a rating or a sales count.',
  },
  {
    slug: 'details',
    title: 'Details',
    description:
      'The facts a careful shopper looks for before buying: measurements, materials, variants and the answers to common questions, taken from the product listing.',
  },
  {
    slug: 'trust',
    title: 'Trust',
    description:
      "Sections that lower a shopper's risk: the warranty or returns policy the store really offers, reviews with their source and straight answers. No promise appears that the store did not make.",
  },
  {
    slug: 'storytelling',
    title: 'Storytelling',
    description:
      "Sections that say what the product is and why it is good, in the product's own words: the headline, the benefits and a closer look with a photo.",
  },
] as const

export type SectionTopic = (typeof SECTION_TOPICS)[number]
export type TopicSlug = SectionTopic['slug']

export interface SectionVariant {
  /** Stable key of the variant (its live example in ./section-samples.ts has the same key). */
  slug: string
  name: string
  description: string
}

export interface SectionLibraryEntry {
  slug: SectionType
  /** What it is for, in one line (cards on /sections). */
  purpose: string
  /** A longer explanation (the section's own page). */
  about: string
  /** The imported facts the composer builds it from. */
  needs: string[]
  /** What the composer does when those facts are missing. */
  withoutFacts: string
  /** The honesty rule the composer and the page checker follow. */
  honesty: string
  /** What the owner can change in the editor, beyond moving, hiding, removing and rewriting it. */
  ownerCan: string[]
  /** The layouts the renderer draws; one entry when it has a single layout. */
  variants: SectionVariant[]
  topics: TopicSlug[]
}

const single: SectionVariant[] = [{ slug: 'standard', name: 'Standard', description: 'The one layout of this section.' }]

export const SECTION_LIBRARY: SectionLibraryEntry[] = [
  {
    slug: 'hero',
    purpose: 'The first screen: the product name, one line about it, the price and the buy button.',
    about:
      'The hero is what a shopper sees before scrolling. Its heading is the page’s only h1, its image is the first product photo and loads first, and its button goes where the store sells the product. On phones the price and button also stay in a bar at the bottom of the screen.',
    needs: [
      'The product title',
      'A short line from the description (its tagline or first feature)',
      'The first product photo',
      'The price, and the compare-at price when the listing states one',
    ],
    withoutFacts:
      'Every page gets a hero. Without a tagline it uses a feature, then a sentence of the story, then the full product title; without a photo it draws a placeholder in the theme colours; without a price it shows none.',
    honesty:
      'The price is the imported price (the store’s own price on a published page); a struck-through “was” price shows only when the listing states a higher one. No discount is calculated or invented.',
    ownerCan: [
      'Heading, subheading and button label',
      'Which product photo it shows, and its alt text (or no photo)',
      'The price and where the button goes (page settings)',
    ],
    variants: [
      { slug: 'photo', name: 'With product photo', description: 'Text beside the photo on wide screens, above it on phones.' },
      {
        slug: 'gallery',
        name: 'With gallery',
        description: 'When the page has several photos, the hero shows them as a gallery with thumbnails that work without JavaScript.',
      },
      { slug: 'text', name: 'Text only', description: 'When the owner chooses no photo: a centred headline, price and button.' },
    ],
    topics: ['conversion', 'storytelling'],
  },
  {
    slug: 'benefits',
    purpose: 'The product’s key features as short cards: what it does and why that matters.',
    about:
      'Benefits turn the listing’s bullet points into a scannable grid of cards, each with a short title and a line of detail. A title always adds something its text does not already say.',
    needs: ['At least two key features: the listing’s bullet points, or the first sentences of its description'],
    withoutFacts: 'With fewer than two features the section is left out of the page.',
    honesty:
      'Every card restates a feature from the listing. No feature, material or performance claim is added that the listing does not make.',
    ownerCan: ['Heading', 'Each card’s title and text; add or remove cards (up to 8)'],
    variants: single,
    topics: ['storytelling', 'conversion'],
  },
  {
    slug: 'image-with-text',
    purpose: 'A closer look: a product photo beside a few paragraphs about how it is made and used.',
    about:
      'Image with text tells the product’s story from its description: how it works, what it is made of, when to use it. The photo sits left or right on wide screens and on top on phones.',
    needs: ['At least two sentences of story or use cases from the description', 'A second product photo'],
    withoutFacts:
      'With fewer than two such sentences the section is left out. Without a second photo it draws a placeholder in the theme colours, which the owner can replace.',
    honesty: 'The text is the description’s own sentences, each used once on the page. The photo is one of the product’s photos.',
    ownerCan: ['Heading', 'The text (a blank line starts a new paragraph)', 'Which product photo it shows, and its alt text'],
    variants: [
      { slug: 'image-right', name: 'Image right', description: 'Text first, photo on the right on wide screens.' },
      { slug: 'image-left', name: 'Image left', description: 'Photo on the left, text on the right on wide screens.' },
    ],
    topics: ['storytelling'],
  },
  {
    slug: 'stats',
    purpose: 'Key figures in large type: measurements from the specifications and the review average.',
    about:
      'Key figures pick the numbers that matter from the listing (weight, capacity, battery life) and the average of the imported review ratings, and show them big. The owner sees where each figure comes from; shoppers see the figure and its label.',
    needs: ['At least two numeric specifications, imported reviews with star ratings, or a rating the listing states'],
    withoutFacts:
      'With fewer than two figures the section is left out. A measurement the page already gives in its text is not repeated here.',
    honesty:
      'Every figure names the fact it comes from and is checked against the facts. Never a price, a sales count, a count of colours or sizes, or a number that is not in the listing.',
    ownerCan: ['Heading', 'Each figure’s value and label; add or remove figures (up to 6)'],
    variants: single,
    topics: ['details', 'social-proof'],
  },
  {
    slug: 'comparison',
    purpose: 'The product’s variants side by side: price and availability of each option.',
    about:
      'The comparison is a real table of the variants the listing sells, so a shopper sees at once which size or colour costs what and which is sold out. It scrolls sideways on narrow screens instead of squeezing.',
    needs: ['Two to twelve priced variants that differ in price or availability'],
    withoutFacts: 'With fewer than two such variants, or more than twelve, the section is left out.',
    honesty:
      'Prices and availability are the listing’s own; a variant whose stock the listing does not state says “Not stated”. No competitor is named and no rival product is compared.',
    ownerCan: ['Heading', 'Column names, row labels and every cell; add or remove rows'],
    variants: single,
    topics: ['details', 'conversion'],
  },
  {
    slug: 'reviews',
    purpose: 'What buyers said, with their star ratings and where the reviews come from.',
    about:
      'Reviews show the imported reviews as cards with the rating, title, text, author and date, under a line saying where they come from and the average rating. The owner can hide, pin and reorder them and fix a typo; shoppers see only the visible ones, pinned first.',
    needs: ['At least one imported review: from the product’s listing, or imported by the store from its review app’s CSV file'],
    withoutFacts: 'Without imported reviews there is no reviews section, and the owner cannot add an empty one.',
    honesty:
      'Reviews: only imported or owner-imported reviews, each with its source; never invented. Author, rating and date are never changed; the average is computed from the imported ratings; the listing’s own rating shows only when the listing states it.',
    ownerCan: [
      'Heading',
      'Hide, pin and reorder reviews, and fix a typo in a text (review editor)',
      'Import reviews from a review app’s CSV export (Judge.me and similar)',
    ],
    variants: [
      {
        slug: 'standard',
        name: 'Average of the imported reviews',
        description:
          'The summary line shows the average of the imported ratings; when the listing states its own rating (“4.6 out of 5, 12,408 ratings”), that rating is shown instead.',
      },
    ],
    topics: ['social-proof', 'trust'],
  },
  {
    slug: 'faq',
    purpose: 'Questions a shopper would ask, answered from the listing’s own facts.',
    about:
      'Questions open and close without JavaScript. Each answers something a shopper wonders about (material, size, battery, care, options) with the listing’s own words. A question the rest of the page already answers is left out.',
    needs: [
      'At least two questions the facts answer: specifications, options or description sentences on materials, size, care, power, compatibility or what is in the box',
    ],
    withoutFacts: 'With fewer than two answerable questions the section is left out. No answer, no question.',
    honesty: 'Every answer comes from the facts. A shipping time or returns promise appears only when the store states it.',
    ownerCan: ['Heading', 'Each question and answer; add or remove questions (up to 12)'],
    variants: single,
    topics: ['details', 'trust'],
  },
  {
    slug: 'guarantee',
    purpose: 'The warranty, guarantee or returns policy the store really offers.',
    about:
      'The guarantee is a framed note with a shield mark. It states the policy in the store’s own words. When the owner writes shipping or returns terms in the page settings, published pages add them as a “Shipping and returns” note in the same style.',
    needs: ['A warranty, guarantee or returns statement in the listing, or the owner’s own guarantee text'],
    withoutFacts:
      'Without such a statement the composer leaves the section out; when the owner asks for it, it stays empty for them to write, and published pages hide it until they do.',
    honesty: 'No guarantee, money-back or returns promise the store did not make. The page checker rejects one that is not in the facts.',
    ownerCan: ['Heading and text', 'Guarantee, shipping and returns text (page settings), which published pages show'],
    variants: single,
    topics: ['trust', 'conversion'],
  },
  {
    slug: 'cta',
    purpose: 'The closing call to action: a last line, the price and the buy button on a coloured band.',
    about:
      'The call to action ends the page on the theme’s main colour. Its line names the options to choose from, or says the product is ready; its button goes where the store sells the product and is the page’s “#buy” target.',
    needs: ['The product’s options, for the closing line', 'The price', 'Where the buy button goes (the owner’s buy link)'],
    withoutFacts:
      'Every page gets a call to action. Without options it says the product is ready when you are; without a price it shows none; without a buy link shoppers see no button (never a dead one) and the owner’s preview asks where it should go.',
    honesty: 'No countdown, no “only 3 left”, no invented discount: the price is the real price and the line is a fact about the product.',
    ownerCan: ['Heading, text and button label', 'The price and where the button goes (page settings)'],
    variants: single,
    topics: ['conversion'],
  },
  {
    slug: 'specs',
    purpose: 'The specifications as a clean list of names and values.',
    about:
      'Specifications list the listing’s technical details, one row each, so a shopper can check a measurement or a material without reading prose. Values keep numbers and units together on one line.',
    needs: ['At least two named specifications in the listing'],
    withoutFacts: 'With fewer than two specifications the section is left out.',
    honesty:
      'Values are the listing’s own. Supplier details (SKU, ASIN, model and listing numbers, seller or marketplace names) never reach a published page, and warranty rows go to the guarantee section.',
    ownerCan: ['Heading', 'Each row’s name and value; add or remove rows (up to 40)'],
    variants: single,
    topics: ['details', 'trust'],
  },
]

export function findSectionEntry(slug: string): SectionLibraryEntry | null {
  return SECTION_LIBRARY.find((e) => e.slug === slug) ?? null
}

export function findTopic(slug: string): SectionTopic | null {
  return SECTION_TOPICS.find((t) => t.slug === slug) ?? null
}

export const sectionName = (slug: SectionType) => SECTION_LABELS[slug]

/** The sections of a topic, in the library's order. */
export const sectionsOfTopic = (slug: string): SectionLibraryEntry[] =>
  SECTION_LIBRARY.filter((e) => (e.topics as readonly string[]).includes(slug))

/** The page templates whose section order includes this type, with its place in that order (1-based). */
export function templatesUsing(
  slug: SectionType,
  templates: readonly Pick<PageTemplate, 'id' | 'name' | 'order'>[],
): { id: number; name: string; position: number; of: number }[] {
  return templates.flatMap((t) => {
    const i = t.order.indexOf(slug)
    return i === -1 ? [] : [{ id: t.id, name: t.name, position: i + 1, of: t.order.length }]
  })
}
