/**
 * The onboarding guides (reference §2.3: /guide*, /guidev2*, /guidev3*): three short funnels a new user can
 * finish in under a minute. Each step is a real route; the guide a person is in travels in the
 * URL (`guide=v3`), so any step can be reloaded, bookmarked or resumed.
 */
export const GUIDE_FLOWS = {
  /** Ask first, then connect a store, pick from it and generate. */
  v1: [
    { path: '/guide/quick-question', label: 'About you' },
    { path: '/guide/add-store', label: 'Your store' },
    { path: '/guide/pick-product', label: 'Pick a product' },
    { path: '/guide/generate', label: 'Your page' },
  ],
  /** Product first (before signing up), then the plans, then the page. */
  v2: [
    { path: '/guidev2/pick-product', label: 'Pick a product' },
    { path: '/guidev2/pricing', label: 'Choose a plan' },
    { path: '/guidev2/generating', label: 'Your page' },
  ],
  /** Product first, the outline to review, the plans while the page is written, then the page. */
  v3: [
    { path: '/guidev3/pick-product', label: 'Pick a product' },
    { path: '/guidev3/outline', label: 'Review the outline' },
    { path: '/guidev3/pricing', label: 'Choose a plan' },
    { path: '/guidev3/generating', label: 'Your page' },
  ],
} as const

export type GuideFlow = keyof typeof GUIDE_FLOWS
export const GUIDE_FLOW_NAMES = Object.keys(GUIDE_FLOWS) as GuideFlow[]
/** Where new accounts land unless ONBOARDING_FLOW says otherwise. */
export const DEFAULT_GUIDE_FLOW: GuideFlow = 'v3'

export const isGuideFlow = (value: unknown): value is GuideFlow => typeof value === 'string' && value in GUIDE_FLOWS

/** The guide named in a URL's query or a form (`guide=v1|v2|v3`); anything else is no guide. */
export function guideOf(search: URLSearchParams | FormData | string): GuideFlow | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get('guide')
  return isGuideFlow(value) ? value : null
}

/** Step `path` of a guide: its number (from 1), the total and every step, for the progress bar. */
export function guideProgress(flow: GuideFlow, path: string) {
  const steps = GUIDE_FLOWS[flow]
  const index = steps.findIndex((s) => s.path === path)
  return { step: index + 1, total: steps.length, steps }
}

/** A guide step's address, carrying the guide and (once there is one) the page being made. */
export function guidePath(flow: GuideFlow, path: string, sessionId?: string | null): string {
  const q = new URLSearchParams({ guide: flow })
  if (sessionId) q.set('session_id', sessionId)
  return `${path}?${q}`
}

/** The first step of a guide: where a new account lands. */
export const guideStart = (flow: GuideFlow) => guidePath(flow, GUIDE_FLOWS[flow][0].path)

/** The quick questions of guide v1, saved with POST /v2/auth/update-question-and-answer. */
export const QUICK_QUESTIONS = [
  {
    id: 'what_you_sell',
    question: 'What do you sell?',
    options: [
      'Home and kitchen',
      'Beauty and health',
      'Fashion and accessories',
      'Electronics and gadgets',
      'Kids and pets',
      'Something else',
    ],
  },
  {
    id: 'where_you_sell',
    question: 'Where do you sell?',
    options: ['My own Shopify store', 'Another shop platform', 'Marketplaces only', 'Not selling yet'],
  },
  {
    id: 'how_many_products',
    question: 'How many products do you sell?',
    options: ['1–10', '11–100', '101–1,000', 'More than 1,000'],
  },
] as const
