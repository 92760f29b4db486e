import { repeats } from './nlp'
import { fromShouting, sentence, squash, unpunctuate, upperFirst } from './text'

/**
 * Turning a feature statement into a benefit title and text, without adding anything to it:
 * "SOFT WARM GLOW: Three brightness levels…" → "Soft warm glow" / "Three brightness levels…";
 * "Hand-glazed stoneware dripper holds heat…" → "Hand-glazed stoneware dripper" / the whole line.
 */

const STOP = new Set([
  'with',
  'for',
  'that',
  'which',
  'so',
  'and',
  'in',
  'on',
  'at',
  'from',
  'when',
  'while',
  'without',
  'up',
  'into',
  'by',
  'after',
  'is',
  'are',
  'has',
  'have',
  'holds',
  'hold',
  'keeps',
  'keep',
  'lets',
  'let',
  'makes',
  'make',
  'gives',
  'give',
  'helps',
  'help',
  'fits',
  'works',
  'stays',
  'stay',
  'brings',
  'protect',
  'protects',
  'absorb',
  'absorbs',
  'shows',
  'supports',
  'grips',
  'switches',
  'will',
  'can',
  'gets',
  'moves',
  'softens',
  'but',
  'or',
  'to',
])
const PRONOUN = /\b(they|them|it|its|you|your|our|we|us|this|these)\b/i
const LEAD_VERB = /^(comes with|includes|features|offers|has)\s+/i

/** Plain category titles for short or pronoun-led lines, matched on what the line says. */
const CATEGORIES: { title: string; match: RegExp }[] = [
  { title: 'Breathability', match: /mesh|breathab|ventilat/i },
  { title: 'Comfort', match: /insole|cushion|comfort|padded/i },
  { title: 'Grip', match: /grip|lugs?\b|non-slip|traction|cling/i },
  { title: 'Visibility', match: /reflect/i },
  { title: 'Heat tolerance', match: /oven|°c|°f|heat/i },
  { title: 'Pouring', match: /spout|pour/i },
  { title: 'Handling', match: /handle/i },
  { title: 'Materials', match: /pvc|toxic|bpa|organic|recycled|natural/i },
  { title: 'Alignment', match: /align/i },
  { title: 'Power', match: /battery|charg|usb/i },
  { title: 'Light', match: /bright|glow|light/i },
  { title: 'Capacity', match: /\bcups?\b|capacity|\bml\b|litre|liter/i },
  { title: 'Fit', match: /\bfits?\b|\bsizes?\b/i },
  { title: 'Care', match: /wash|clean|dishwasher|wipe/i },
  { title: 'Protection', match: /protect|shock|drops?\b|scratch/i },
  { title: 'Durability', match: /\blast|durab|months|years/i },
  { title: 'Uses', match: /\buse\b|ideal for|perfect for/i },
  { title: 'Controls', match: /touch|button|control|timer/i },
]

function lead(text: string): { title: string; rest: string } | null {
  const m = /^([^:–—]{3,60}?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(text)
  if (!m || m[1].split(' ').length > 6) return null
  return { title: unpunctuate(fromShouting(m[1])), rest: m[2] }
}

function phrase(text: string): string | null {
  const clean = unpunctuate(text)
    .replace(LEAD_VERB, '')
    .replace(/^(the|a|an)\s+/i, '')
  const words = clean.split(' ')
  if (words.length < 2 || STOP.has(words[0].toLowerCase())) return null
  let end = -1
  for (let i = 2; i < words.length && i <= 5; i++) {
    const w = words[i].toLowerCase().replace(/[,;]$/, '')
    if ((STOP.has(w) && !(w === 'to' && i < 3)) || (/ed$/.test(w) && !w.includes('-')) || /[,;]$/.test(words[i - 1])) {
      end = i
      break
    }
  }
  if (end === -1) return null
  const title = words.slice(0, end).join(' ').replace(/[,;]$/, '')
  if (PRONOUN.test(title) || title.split(' ').length < 2) return null
  return upperFirst(title)
}

/** The line's own title (its lead or leading noun phrase), or null when it has none. */
export function featurePhrase(text: string): string | null {
  const l = lead(text)
  return l ? upperFirst(l.title) : phrase(text)
}

/** The benefit's text: the line after its lead, or the whole line, as one clean sentence. */
function featureText(text: string): string {
  const l = lead(text)
  return sentence(squash(l ? upperFirst(l.rest) : text))
}

/**
 * The main clause of a sentence, for "shorter" rewrites: cut before a linking word ("that",
 * "which", "and", "with"…) once at least three words are said. Lists and sentences with a negation
 * or a condition are kept whole, so shortening never changes what the sentence says.
 */
export function firstClause(text: string): string {
  const first = text.split(/(?<=[.!?])\s+/)[0] ?? text
  if (/\b(not|no|never|without|only|unless|except|don't|doesn't|do not)\b/i.test(first)) return sentence(first)
  // Words that start a new clause; the weaker ones only after a comma ("…, from a gentle nightlight").
  const link = /(?:,\s(?:that|which|so|while|because|and|with|from|but)|\s(?:that|which|because|and|with))\s/gi
  for (const m of first.matchAll(link)) {
    const prefix = first.slice(0, m.index)
    if (prefix.split(' ').length < 3) continue
    if (/\band\s$/i.test(m[0]) && prefix.includes(',')) continue
    return sentence(prefix)
  }
  return sentence(first)
}

/**
 * A benefit from a feature line: a title that adds something its text does not repeat (compared
 * on stems, so "Breathability" over "Breathable knit upper" counts as a repeat), and the text.
 * In order: the line's own lead ("SOFT GLOW: Three levels…"), its leading noun phrase with the
 * rest as text, a category the text does not already name, else the line as a title alone.
 */
export function benefitItem(line: string, taken: (title: string) => boolean = () => false): { title: string; text: string } {
  const ok = (title: string, text: string) => !!title && !taken(title) && (!text || !repeats(title, text))
  const l = lead(line)
  if (l && ok(upperFirst(l.title), featureText(line))) return { title: upperFirst(l.title), text: featureText(line) }
  const body = l ? unpunctuate(l.rest) : unpunctuate(line)
  const p = phrase(body)
  const at = p ? body.toLowerCase().indexOf(p.toLowerCase()) : -1
  if (p && at >= 0) {
    const rest = body.slice(at + p.length).replace(/^[\s,;:–—-]+/, '')
    // The rest must stand as a text: not a dangling "and…", "that…" or "is…".
    const dangling = /^(and|or|that|which|is|are|at|to|but|so)\b/i.test(rest)
    const text = rest.split(' ').length >= 2 && !dangling ? sentence(upperFirst(rest)) : ''
    if (!dangling && ok(p, text)) return { title: p, text }
  }
  const c = CATEGORIES.find((x) => x.match.test(body) && ok(x.title, sentence(body)))
  if (c) return { title: c.title, text: sentence(squash(upperFirst(body))) }
  const whole = upperFirst(body)
  if (whole.length <= 120 && !taken(whole)) return { title: whole, text: '' }
  const words = whole.split(' ')
  return { title: words.slice(0, 3).join(' '), text: sentence(upperFirst(words.slice(3).join(' '))) }
}
