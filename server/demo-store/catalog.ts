/**
 * The demo store: a small Shopify-format shop served by the app itself at /demo-store, so a
 * newcomer can generate a page offline right after `npm start`. Reviews here are sample reviews
 * of the demo store, shown with their provenance like any imported review.
 */
export interface DemoReview {
  author: string
  rating: number
  date: string
  title: string
  body: string
}

export interface DemoProduct {
  handle: string
  title: string
  vendor: string
  productType: string
  tags: string[]
  descriptionHtml: string
  /** Prices in USD. */
  price: number
  compareAtPrice: number | null
  options: { name: string; values: string[] }[]
  /** Variant titles are the option values joined with " / ". */
  variants: { title: string; price: number; available: boolean; sku: string }[]
  images: string[]
  specs: [string, string][]
  reviews: DemoReview[]
}

const single = (sku: string, price: number) => [{ title: 'Default Title', price, available: true, sku }]

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    handle: 'aurora-pour-over-set',
    title: 'Aurora Ceramic Pour-Over Coffee Set',
    vendor: 'Aurora Ceramics',
    productType: 'Coffee brewer',
    tags: ['coffee', 'kitchen', 'ceramic', 'gift'],
    descriptionHtml:
      '<p>A hand-glazed ceramic dripper on a 600 ml borosilicate glass carafe. The spiral ribs inside the cone keep the paper filter off the wall so the coffee drains evenly.</p><p>The set brews one to three cups and uses standard #2 cone filters.</p><ul><li>Hand-glazed stoneware dripper</li><li>Heat-resistant borosilicate glass carafe</li><li>Dishwasher-safe</li></ul>',
    price: 48,
    compareAtPrice: 60,
    options: [{ name: 'Glaze', values: ['Oat', 'Charcoal'] }],
    variants: [
      { title: 'Oat', price: 48, available: true, sku: 'AUR-PO-OAT' },
      { title: 'Charcoal', price: 48, available: true, sku: 'AUR-PO-CHR' },
    ],
    images: ['pour-over-1.svg', 'pour-over-2.svg'],
    specs: [
      ['Carafe capacity', '600 ml'],
      ['Material', 'Stoneware and borosilicate glass'],
      ['Filter size', '#2 cone'],
      ['Care', 'Dishwasher-safe'],
    ],
    reviews: [
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
  {
    handle: 'trailblazer-running-shoes',
    title: 'Trailblazer Lightweight Running Shoes',
    vendor: 'Stride Lab',
    productType: 'Running shoes',
    tags: ['running', 'shoes', 'trail'],
    descriptionHtml:
      '<p>A breathable knit upper on a responsive foam midsole, for road runs that turn into trails. The rubber outsole has 4 mm lugs for grip on loose ground.</p><ul><li>Breathable engineered knit upper</li><li>Responsive foam midsole with an 8 mm drop</li><li>Rubber outsole with 4 mm lugs</li><li>Reflective heel tab for early-morning runs</li></ul>',
    price: 89,
    compareAtPrice: null,
    options: [
      { name: 'Colour', values: ['Ocean Blue', 'Ember Orange'] },
      { name: 'Size', values: ['US 7', 'US 8', 'US 9', 'US 10', 'US 11'] },
    ],
    variants: ['Ocean Blue', 'Ember Orange'].flatMap((c) =>
      ['US 7', 'US 8', 'US 9', 'US 10', 'US 11'].map((s) => ({
        title: `${c} / ${s}`,
        price: 89,
        available: !(c === 'Ember Orange' && s === 'US 11'),
        sku: `TB-${c[0]}${s.slice(3)}`,
      })),
    ),
    images: ['running-shoe-1.svg', 'running-shoe-2.svg'],
    specs: [
      ['Weight', '255 g (US 9)'],
      ['Heel-to-toe drop', '8 mm'],
      ['Lug depth', '4 mm'],
      ['Upper', 'Engineered knit'],
    ],
    reviews: [
      {
        author: 'Sam T.',
        rating: 5,
        date: '2026-08-30',
        title: 'Light and grippy',
        body: 'Took them on a muddy 12 km trail and never slipped once.',
      },
      {
        author: 'Ana P.',
        rating: 4,
        date: '2026-09-18',
        title: 'Runs a bit narrow',
        body: 'Great cushioning. If you have wide feet, go half a size up.',
      },
    ],
  },
  {
    handle: 'lumi-kids-night-light',
    title: 'Lumi Moon Night Light for Kids',
    vendor: 'Lumi Home',
    productType: 'Night light',
    tags: ['kids', 'nursery', 'lighting'],
    descriptionHtml:
      '<p>A soft moon-shaped night light with warm and cool modes and a 30-minute sleep timer. It charges over USB-C and runs up to 10 hours on one charge.</p><p>Covered by a 1-year limited warranty.</p><ul><li>Warm and cool light modes</li><li>30-minute sleep timer</li><li>USB-C charging, up to 10 hours per charge</li><li>Soft silicone shell, cool to the touch</li></ul>',
    price: 29,
    compareAtPrice: 35,
    options: [],
    variants: single('LUMI-MOON', 29),
    images: ['night-light-1.svg', 'night-light-2.svg'],
    specs: [
      ['Battery life', 'Up to 10 hours'],
      ['Charging', 'USB-C'],
      ['Timer', '30 minutes'],
      ['Warranty', '1-year limited warranty'],
    ],
    reviews: [
      {
        author: 'Jonas W.',
        rating: 5,
        date: '2026-07-11',
        title: 'Bedtime saver',
        body: 'Our daughter falls asleep with the warm mode and the timer switches it off.',
      },
      {
        author: 'Leah M.',
        rating: 5,
        date: '2026-08-03',
        title: 'Soft light',
        body: 'Bright enough for night feeds without waking the baby.',
      },
      {
        author: 'Chris B.',
        rating: 3,
        date: '2026-09-26',
        title: 'Good, but',
        body: 'Works well, but I wish the cool mode were a little dimmer.',
      },
    ],
  },
  {
    handle: 'heritage-cast-iron-skillet',
    title: 'Heritage 10-Inch Cast-Iron Skillet',
    vendor: 'Heritage Forge',
    productType: 'Skillet',
    tags: ['cookware', 'cast iron'],
    descriptionHtml:
      '<p>Pre-seasoned with flaxseed oil and ready to cook. Works on gas, electric, induction, in the oven and over a campfire. The long handle stays cooler and the helper handle makes it easy to lift.</p><ul><li>Pre-seasoned with flaxseed oil</li><li>Works on gas, electric and induction hobs</li><li>Oven-safe and campfire-ready</li><li>Helper handle for a steady two-handed lift</li></ul>',
    price: 54,
    compareAtPrice: null,
    options: [],
    variants: single('HF-SK10', 54),
    images: ['skillet-1.svg', 'skillet-2.svg'],
    specs: [
      ['Diameter', '10 in (25 cm)'],
      ['Weight', '2.3 kg'],
      ['Seasoning', 'Flaxseed oil'],
      ['Hob types', 'Gas, electric, induction'],
    ],
    reviews: [],
  },
  {
    handle: 'nomad-canvas-backpack',
    title: 'Nomad Waxed Canvas Backpack 24L',
    vendor: 'Nomad Supply',
    productType: 'Backpack',
    tags: ['bags', 'travel', 'commute'],
    descriptionHtml:
      '<p>Waxed cotton canvas that shrugs off light rain, with leather trims and a padded sleeve that fits a 15-inch laptop. The roll top expands from 24 to 28 litres.</p><ul><li>Waxed cotton canvas that shrugs off light rain</li><li>Padded sleeve for laptops up to 15 inches</li><li>Roll top that expands from 24 to 28 litres</li><li>Leather trims and brass hardware</li></ul>',
    price: 120,
    compareAtPrice: null,
    options: [{ name: 'Colour', values: ['Olive', 'Stone'] }],
    variants: [
      { title: 'Olive', price: 120, available: true, sku: 'NOM-24-OL' },
      { title: 'Stone', price: 120, available: true, sku: 'NOM-24-ST' },
    ],
    images: ['backpack-1.svg', 'backpack-2.svg'],
    specs: [
      ['Capacity', '24–28 L'],
      ['Laptop sleeve', 'Fits 15-inch laptops'],
      ['Material', 'Waxed cotton canvas, leather trims'],
    ],
    reviews: [
      {
        author: 'Tomás G.',
        rating: 5,
        date: '2026-06-19',
        title: 'Daily commuter',
        body: 'Carried it every day for months; the canvas has aged beautifully.',
      },
      {
        author: 'Hana Y.',
        rating: 4,
        date: '2026-08-08',
        title: 'Roomy',
        body: 'Fits my laptop, lunch and a jumper. The straps could use more padding.',
      },
      {
        author: 'Ivo N.',
        rating: 5,
        date: '2026-10-15',
        title: 'Rain-proof enough',
        body: 'Got caught in a shower and everything inside stayed dry.',
      },
    ],
  },
  {
    handle: 'quiet-pro-wireless-earbuds',
    title: 'Quiet Pro Wireless Earbuds',
    vendor: 'Quiet Audio',
    productType: 'Earbuds',
    tags: ['audio', 'wireless'],
    descriptionHtml:
      '<p>Active noise cancelling earbuds with 8 hours of listening per charge and 32 hours with the case. Three microphones per bud keep calls clear, and the IPX4 rating handles sweat and splashes.</p><ul><li>Active noise cancelling</li><li>8 hours per charge, 32 hours with the case</li><li>Three microphones per earbud for clear calls</li><li>IPX4 sweat and splash resistance</li></ul>',
    price: 79,
    compareAtPrice: 99,
    options: [],
    variants: single('QP-EB-01', 79),
    images: ['earbuds-1.svg', 'earbuds-2.svg'],
    specs: [
      ['Battery', '8 h (32 h with case)'],
      ['Water resistance', 'IPX4'],
      ['Bluetooth', '5.3'],
      ['Microphones', '3 per earbud'],
    ],
    reviews: [
      {
        author: 'Noor A.',
        rating: 4,
        date: '2026-09-05',
        title: 'Great on the train',
        body: 'The noise cancelling takes the edge off my commute.',
      },
      {
        author: 'Felix D.',
        rating: 5,
        date: '2026-10-09',
        title: 'Calls sound clear',
        body: 'Colleagues say I sound better than on my old headset.',
      },
    ],
  },
  {
    handle: 'terra-linen-throw',
    title: 'Terra Stonewashed Linen Throw',
    vendor: 'Terra Textiles',
    productType: 'Throw blanket',
    tags: ['home', 'linen', 'bedroom'],
    descriptionHtml:
      '<p>Stonewashed European flax linen, soft from the first use and softer with every wash. Finished with hand-knotted fringes.</p><ul><li>100% European flax linen</li><li>Stonewashed for softness</li><li>Hand-knotted fringes</li><li>Machine washable at 40 °C</li></ul>',
    price: 68,
    compareAtPrice: null,
    options: [{ name: 'Colour', values: ['Oat', 'Clay'] }],
    variants: [
      { title: 'Oat', price: 68, available: true, sku: 'TER-TH-OAT' },
      { title: 'Clay', price: 68, available: false, sku: 'TER-TH-CLY' },
    ],
    images: ['throw-1.svg', 'throw-2.svg'],
    specs: [
      ['Size', '130 × 170 cm'],
      ['Material', '100% European flax linen'],
      ['Care', 'Machine wash at 40 °C'],
    ],
    reviews: [
      {
        author: 'Elise V.',
        rating: 5,
        date: '2026-10-30',
        title: 'So soft',
        body: 'Lives on our sofa now. The clay colour is warmer than in the photos.',
      },
    ],
  },
]

export const DEMO_STORE_NAME = 'Pagewright Demo Store'
