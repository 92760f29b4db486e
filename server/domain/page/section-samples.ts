import type { SanitizedHtml } from '../sanitize'
import { PAGE_TEMPLATES } from '../templates'
import type { OwnerFacts, Page, Section, Theme } from './schema'
import type { SectionType } from './section-types'

/**
 * SAMPLE CONTENT for the sections library: one live example of each section type and layout,
 * written from the products of the built-in demo store (server/demo-store/catalog.ts) the way the
 * composer writes a page. The reviews are the demo store's sample reviews, not real customers'; the
 * library labels every example as sample content. section-samples.test.ts checks each example
 * against the page schema and runs the page honesty checker on it with its demo product's facts.
 */

/** The demo products the examples come from: name, price as the demo store lists it, buy link. */
export const SAMPLE_PRODUCTS = {
  'aurora-pour-over-set': { title: 'Aurora Ceramic Pour-Over Coffee Set', price: 48, compareAt: 60 },
  'trailblazer-running-shoes': { title: 'Trailblazer Lightweight Running Shoes', price: 89, compareAt: null },
  'lumi-kids-night-light': { title: 'Lumi Moon Night Light for Kids', price: 29, compareAt: 35 },
  'heritage-cast-iron-skillet': { title: 'Heritage 10-Inch Cast-Iron Skillet', price: 54, compareAt: null },
  'nomad-canvas-backpack': { title: 'Nomad Waxed Canvas Backpack 24L', price: 120, compareAt: null },
  'quiet-pro-wireless-earbuds': { title: 'Quiet Pro Wireless Earbuds', price: 79, compareAt: 99 },
} as const
export type SampleProduct = keyof typeof SAMPLE_PRODUCTS

export const SAMPLE_CURRENCY = 'USD'

/** The Classic template's theme: the examples look as a page on the default template does. */
export const SAMPLE_THEME: Theme = PAGE_TEMPLATES[0].theme

export interface SectionSample {
  product: SampleProduct
  section: Section
  /** The page's gallery, for the hero's gallery layout. */
  gallery?: { src: string; alt: string }[]
}

const img = (file: string, alt: string) => ({ src: `/demo-store/${file}`, alt })
const price = (p: SampleProduct) => ({
  amount: SAMPLE_PRODUCTS[p].price,
  compareAt: SAMPLE_PRODUCTS[p].compareAt,
  currency: SAMPLE_CURRENCY,
})
const html = (s: string) => s as SanitizedHtml

const POUR_OVER: SampleProduct = 'aurora-pour-over-set'

/** Every type's examples, keyed by the variant slugs of the library (server/domain/page/section-library.ts). */
export const SECTION_SAMPLES: Record<SectionType, Record<string, SectionSample>> = {
  hero: {
    photo: {
      product: POUR_OVER,
      section: {
        id: 'sample-hero-photo',
        type: 'hero',
        heading: 'Aurora Ceramic Pour-Over Coffee Set',
        subheading: 'A hand-glazed ceramic dripper on a 600 ml borosilicate glass carafe.',
        image: img('pour-over-1.svg', 'Photo of the Aurora Ceramic Pour-Over Coffee Set'),
        price: price(POUR_OVER),
        ctaLabel: 'Shop now',
      },
    },
    gallery: {
      product: 'nomad-canvas-backpack',
      section: {
        id: 'sample-hero-gallery',
        type: 'hero',
        heading: 'Nomad Waxed Canvas Backpack 24L',
        subheading: 'Waxed cotton canvas that shrugs off light rain, with leather trims and a padded sleeve that fits a 15-inch laptop.',
        image: img('backpack-1.svg', 'Photo of the Nomad Waxed Canvas Backpack'),
        price: price('nomad-canvas-backpack'),
        ctaLabel: 'Pick your color',
      },
      gallery: [
        img('backpack-1.svg', 'Photo of the Nomad Waxed Canvas Backpack'),
        img('backpack-2.svg', 'Photo 2 of the Nomad Waxed Canvas Backpack'),
      ],
    },
    text: {
      product: 'heritage-cast-iron-skillet',
      section: {
        id: 'sample-hero-text',
        type: 'hero',
        heading: 'Heritage 10-Inch Cast-Iron Skillet',
        subheading: 'Pre-seasoned with flaxseed oil and ready to cook.',
        image: null,
        price: price('heritage-cast-iron-skillet'),
        ctaLabel: 'Shop now',
      },
    },
  },
  benefits: {
    standard: {
      product: 'quiet-pro-wireless-earbuds',
      section: {
        id: 'sample-benefits',
        type: 'benefits',
        heading: 'Why choose the Quiet Pro Wireless Earbuds',
        items: [
          { title: 'Quiet on the go', text: 'Active noise cancelling.' },
          { title: 'All-day battery', text: '8 hours per charge, 32 hours with the case.' },
          { title: 'Clear calls', text: 'Three microphones per earbud.' },
          { title: 'Made for workouts', text: 'IPX4 sweat and splash resistance.' },
        ],
      },
    },
  },
  'image-with-text': {
    'image-right': {
      product: POUR_OVER,
      section: {
        id: 'sample-image-with-text-right',
        type: 'image-with-text',
        heading: 'Inside the Aurora Ceramic Pour-Over Coffee Set',
        body: html(
          '<p>The spiral ribs inside the cone keep the paper filter off the wall so the coffee drains evenly.</p><p>The set brews one to three cups and uses standard #2 cone filters.</p>',
        ),
        image: img('pour-over-2.svg', 'Another photo of the Aurora Ceramic Pour-Over Coffee Set'),
        imagePosition: 'right',
      },
    },
    'image-left': {
      product: 'nomad-canvas-backpack',
      section: {
        id: 'sample-image-with-text-left',
        type: 'image-with-text',
        heading: 'A closer look at the backpack',
        body: html(
          '<p>Waxed cotton canvas that shrugs off light rain, with leather trims and brass hardware.</p><p>The roll top expands from 24 to 28 litres, and the padded sleeve fits a 15-inch laptop.</p>',
        ),
        image: img('backpack-2.svg', 'Another photo of the Nomad Waxed Canvas Backpack'),
        imagePosition: 'left',
      },
    },
  },
  stats: {
    standard: {
      product: 'trailblazer-running-shoes',
      section: {
        id: 'sample-stats',
        type: 'stats',
        heading: 'The running shoes at a glance',
        items: [
          { value: '255 g', label: 'Weight (US 9)', source: "The weight stated in the product's specifications" },
          { value: '8 mm', label: 'Heel-to-toe drop', source: "The heel-to-toe drop stated in the product's specifications" },
          { value: '4 mm', label: 'Lug depth', source: "The lug depth stated in the product's specifications" },
          {
            value: '4.5 / 5',
            label: 'Average rating from 2 reviews on Pagewright Demo Store',
            source: 'The average of the star ratings in the imported reviews',
          },
        ],
      },
    },
  },
  comparison: {
    standard: {
      product: 'trailblazer-running-shoes',
      section: {
        id: 'sample-comparison',
        type: 'comparison',
        heading: 'Which size is right for you?',
        columns: ['Colour / Size', 'Price', 'Availability'],
        rows: ['US 7', 'US 8', 'US 9', 'US 10', 'US 11'].map((size) => ({
          label: `Ember Orange / ${size}`,
          cells: ['$89.00', size === 'US 11' ? 'Sold out' : 'In stock'],
        })),
      },
    },
  },
  reviews: {
    standard: {
      product: POUR_OVER,
      section: {
        id: 'sample-reviews',
        type: 'reviews',
        heading: 'What reviewers say about the coffee set',
        provenance: 'Reviews from Pagewright Demo Store',
        summary: { average: 4.7, count: 3 },
        listingRating: null,
        items: [
          {
            author: 'Marta K.',
            rating: 5,
            date: '2026-09-14',
            title: 'Even extraction',
            body: 'The ribs really do keep the filter off the wall. My light roasts taste cleaner than with my old plastic cone.',
          },
          {
            author: 'Devon R.',
            rating: 4,
            date: '2026-10-02',
            title: 'Lovely glaze',
            body: 'The oat glaze is beautiful. The carafe is a little small if you brew for four.',
          },
          {
            author: 'Priya S.',
            rating: 5,
            date: '2026-10-21',
            title: 'Daily use',
            body: 'Three weeks of daily use and it still looks new after the dishwasher.',
          },
        ],
      },
    },
  },
  faq: {
    standard: {
      product: 'lumi-kids-night-light',
      section: {
        id: 'sample-faq',
        type: 'faq',
        heading: 'Questions about the night light',
        items: [
          { question: 'How long does the battery last?', answer: 'Up to 10 hours on one charge.' },
          { question: 'How does it charge?', answer: 'It charges over USB-C.' },
          { question: 'Does it switch itself off?', answer: 'The 30-minute sleep timer switches it off.' },
        ],
      },
    },
  },
  guarantee: {
    standard: {
      product: 'lumi-kids-night-light',
      section: {
        id: 'sample-guarantee',
        type: 'guarantee',
        heading: 'Covered by a warranty',
        text: 'The Lumi Moon Night Light is covered by a 1-year limited warranty.',
      },
    },
  },
  cta: {
    standard: {
      product: POUR_OVER,
      section: {
        id: 'sample-cta',
        type: 'cta',
        heading: 'Bring home the Aurora Ceramic Pour-Over Coffee Set',
        text: 'Available in Oat and Charcoal.',
        buttonLabel: 'Buy now',
        price: price(POUR_OVER),
      },
    },
  },
  specs: {
    standard: {
      product: 'heritage-cast-iron-skillet',
      section: {
        id: 'sample-specs',
        type: 'specs',
        heading: 'The skillet in detail',
        items: [
          { name: 'Diameter', value: '10 in (25 cm)' },
          { name: 'Weight', value: '2.3 kg' },
          { name: 'Seasoning', value: 'Flaxseed oil' },
          { name: 'Hob types', value: 'Gas, electric, induction' },
        ],
      },
    },
  },
}

/** The owner's facts of a sample: the demo store's price, and its product page as the buy link. */
export function sampleOwnerFacts(product: SampleProduct): OwnerFacts {
  const p = SAMPLE_PRODUCTS[product]
  return {
    price: p.price,
    compareAt: p.compareAt,
    currency: SAMPLE_CURRENCY,
    buyUrl: `/demo-store/products/${product}`,
    guarantee: null,
    shipping: null,
    returns: null,
  }
}

/** A one-section page holding an example, as the page model stores it (before the shopper view). */
export function samplePage(sample: SectionSample): Page {
  return {
    theme: SAMPLE_THEME,
    sections: [sample.section],
    owner: sampleOwnerFacts(sample.product),
    ...(sample.gallery ? { gallery: sample.gallery } : {}),
  }
}
