import { stem, terms, type Term } from './nlp'

/**
 * What a review sentence is about, as one theme or none. Each theme is a lexicon of lemmas (from
 * general knowledge of how shoppers write reviews, not from any product's reviews) weighted by
 * part of speech; a sentence goes to its single best-scoring theme, and to none when no theme
 * scores enough or two themes tie.
 */
export const THEMES = [
  'comfort',
  'fit and size',
  'looks',
  'build quality',
  'ease of use',
  'value',
  'performance',
  'gifting',
  'delivery and service',
] as const
export type Theme = (typeof THEMES)[number]

/** Lemmas per theme; "word:v" counts only as a verb ("it works", not "before work"). */
const LEXICON: Record<Theme, string> = {
  comfort:
    'comfort comfortable comfy cushion cushioned cushioning soft softness cozy cosy plush padding padded blister ache sore pinch chafe itchy itch',
  'fit and size':
    'fit fitting size sizing small large big tight loose narrow wide snug roomy length short tall petite xl xxl measurement measure runs half-size',
  looks:
    'color colour look looks beautiful gorgeous pretty cute stylish elegant design finish glaze shade sleek ugly style attractive shiny matte pattern print aesthetic photo picture',
  'build quality':
    'quality sturdy solid durable flimsy break broke broken crack cracked tear torn rip stitching seam seams build built craftsmanship wobble wobbly peel peeling fray frayed rust sturdiness last lasted thin thick',
  'ease of use':
    'easy easily simple setup install installation instruction instructions intuitive fiddly difficult complicated confusing practice learn assemble assembly convenient handy clean cleanup dishwasher user-friendly',
  value: 'value price priced worth money cost cheap expensive bargain deal affordable pricey overpriced budget',
  performance:
    'work:v works:v worked:v performance perform battery charge charging bright brightness power powerful fast quick strong grip loud quiet noise noisy heat hot cold warm temperature taste tastes blend suction signal sound volume effective weak slow leak leaks leaked accurate steady hold holds',
  gifting: 'gift gifted present birthday christmas anniversary stocking',
  'delivery and service':
    'arrive arrived arrival ship shipping shipped delivery deliver delivered package packaging packed seller service refund return returned replacement courier parcel customer-service damaged dented late',
}

const WEIGHT: Record<Term['pos'], number> = { noun: 1, adjective: 1, verb: 0.75, adverb: 0.75, value: 0, other: 0 }

/** Stems, and whole words for short or ambiguous forms, mapped to their themes. */
const INDEX = (() => {
  const byStem = new Map<string, Theme[]>()
  const byWord = new Map<string, Theme[]>()
  const verbOnly = new Set<string>()
  for (const theme of THEMES) {
    for (const entry of LEXICON[theme].split(' ')) {
      const [word, pos] = entry.split(':')
      if (pos === 'v') verbOnly.add(word)
      const add = (map: Map<string, Theme[]>, key: string) => {
        const list = map.get(key) ?? []
        if (!list.includes(theme)) map.set(key, [...list, theme])
      }
      add(byWord, word)
      add(byStem, stem(word))
    }
  }
  return { byStem, byWord, verbOnly }
})()

export interface ThemeScore {
  theme: Theme | null
  score: number
}

/** The single theme a sentence is about, or null. */
export function classifySentence(sentence: string): ThemeScore {
  const ts = terms(sentence)
  const scores = new Map<Theme, { score: number; first: number }>()
  ts.forEach((t, i) => {
    if (t.pos === 'value' || t.pos === 'other') return
    if ((INDEX.verbOnly.has(t.text) || INDEX.verbOnly.has(t.lemma)) && t.pos !== 'verb') return
    const themes = INDEX.byWord.get(t.text) ?? INDEX.byWord.get(t.lemma) ?? (t.stem.length >= 4 ? INDEX.byStem.get(t.stem) : undefined)
    if (!themes) return
    // A word shared by several themes counts less for each.
    const w = WEIGHT[t.pos] / themes.length
    for (const theme of themes) {
      const s = scores.get(theme) ?? { score: 0, first: i }
      scores.set(theme, { score: s.score + w, first: s.first })
    }
  })
  // "true to size" and "half a size" are about fit whatever the tagger says.
  if (/\btrue to size\b|\bhalf a size\b|\bsize (up|down)\b/i.test(sentence)) {
    const s = scores.get('fit and size') ?? { score: 0, first: 0 }
    scores.set('fit and size', { score: s.score + 1, first: s.first })
  }
  const ranked = [...scores].sort((a, b) => b[1].score - a[1].score || a[1].first - b[1].first)
  const [best, second] = ranked
  if (!best || best[1].score < 0.75) return { theme: null, score: 0 }
  if (second && second[1].score === best[1].score && second[1].first === best[1].first) return { theme: null, score: 0 }
  return { theme: best[0], score: best[1].score }
}
