import { repeats, wordTags } from './nlp'
import { fromShouting, sentence, squash, unpunctuate, upperFirst } from './text'

/**
 * Turning a feature statement into a benefit title and text, without adding anything to it:
 * "SOFT WARM GLOW: Three brightness levels…" → "Soft warm glow" / "Three brightness levels…";
 * "Hand-glazed stoneware dripper holds heat…" → "Hand-glazed stoneware dripper" / "Holds heat…".
 * A line with no honest title of its own gets none: the writer gathers such lines in one card.
 */

/** Words a title cannot end with, and words that start a text of their own after a title. */
const DANGLING = /^(?:and|or|but|so|that|which|the|a|an|to|of|is|are|at|as|per|its?|your|our|their|this|these|than|then|plus|&)$/i
const TEXT_PREPOSITIONS = new Set(['with', 'for', 'in', 'on', 'at', 'from', 'by', 'without', 'into', 'under', 'over'])
const RELATIVE = new Set(['that', 'which'])
/** A title does not start with these: "This portable power bank…" is a sentence, not a title. */
const NOT_A_START =
  /^(?:this|these|that|those|it|its|they|you|your|our|we|each|every|all|some|any|no|one|great|perfect|ideal|best|just|only|not|also|very)$/i

/** Plain category titles for lines with no title of their own, matched on what the line says. */
const CATEGORIES: { title: string; match: RegExp }[] = [
  { title: 'Breathability', match: /mesh|breathab|ventilat/i },
  { title: 'Water resistance', match: /waterproof|water[- ]resist|splash|\bipx?\d|\brain\b|\bsweat/i },
  { title: 'Care', match: /\b(?:machine[- ]wash|hand[- ]wash|washable|dishwasher|wipe|clean)/i },
  { title: 'Comfort', match: /insole|cushion|comfort|padded|\bsoft/i },
  { title: 'Grip', match: /grip|lugs?\b|non-slip|\btraction|cling/i },
  { title: 'Visibility', match: /reflect/i },
  { title: 'Heat tolerance', match: /oven|°c|°f|\bheat/i },
  { title: 'Sound', match: /\bnoise|\bsound|\bbass\b|\baudio|speaker/i },
  { title: 'Pouring', match: /spout|\bpour/i },
  { title: 'Handling', match: /\bhandles?\b/i },
  { title: 'Uses', match: /\buse\b|ideal for|perfect for|great for/i },
  {
    title: 'Materials',
    match:
      /pvc|toxic|bpa|organic|recycled|natural|stoneware|ceramic|porcelain|\bglass\b|linen|leather|canvas|cotton|wool|steel|\biron\b|aluminium|aluminum|brass|bamboo|\bwood|silicone|rubber/i,
  },
  { title: 'Compatibility', match: /\bworks (?:on|with)\b|compatib|\bhobs?\b|\bfits\b/i },
  { title: 'Alignment', match: /align/i },
  { title: 'Power', match: /battery|charg|\busb\b|power/i },
  { title: 'Light', match: /\b(?:bright|glow|light(?:s|ing)?|lamp|led)\b/i },
  { title: 'Capacity', match: /\bcups?\b|capacity|\bml\b|litre|liter/i },
  { title: 'Fit', match: /\bsizes?\b/i },
  { title: 'Protection', match: /protect|shock|drops?\b|scratch/i },
  { title: 'Durability', match: /\blast|durab|heavy[- ]duty|tough|rugged|months|years/i },
  { title: 'Controls', match: /touch|button|control|timer/i },
]

/**
 * The line's own lead: "LEAD: rest", "Lead – rest", "ALL CAPS LEAD. Rest" or "Short lead; rest".
 * Works in any language (only punctuation and case are read).
 */
export function lead(text: string): { title: string; rest: string } | null {
  const colon = /^([^:–—]{3,60}?)\s*(?::|\s[–—-]\s)\s*(.+)$/.exec(text)
  if (colon && colon[1].split(' ').length <= 8) return { title: unpunctuate(fromShouting(colon[1])), rest: colon[2] }
  const caps = /^([^a-z.!?]{3,90}?)[.!]\s+(\S.+)$/.exec(text)
  if (caps && /[A-Z]{2}/.test(caps[1]) && !/\p{Ll}/u.test(caps[1]) && caps[1].split(' ').length <= 10)
    return { title: unpunctuate(fromShouting(caps[1])), rest: caps[2] }
  const semi = /^([^;.]{3,50}?);\s+(\S.+)$/.exec(text)
  if (semi && semi[1].split(' ').length <= 5) return { title: unpunctuate(semi[1]), rest: semi[2] }
  return null
}

/** Whether a phrase can stand as a title: a few words ending in a noun, not a sentence's start. */
function titleLike(phrase: string, tags: string[][]): boolean {
  const words = phrase.split(' ')
  if (words.length < 2 || words.length > 6 || /[,;:]/.test(phrase)) return false
  if (NOT_A_START.test(words[0]) || DANGLING.test(words[words.length - 1])) return false
  // A title has no link of its own ("Works on gas", "Equipped with high-current relay" are sentences).
  if (words.some((w) => TEXT_PREPOSITIONS.has(w.toLowerCase()) || RELATIVE.has(w.toLowerCase()) || w.toLowerCase() === 'to')) return false
  // A verb followed by a preposition, a number or a pronoun starts a sentence ("Connect to two devices").
  const first = tags[0] ?? []
  const second = tags[1] ?? []
  const verbFirst = first.includes('Verb') && !first.some((t) => ['Noun', 'Adjective', 'PastTense', 'Participle'].includes(t))
  if (verbFirst && !second.includes('Noun') && !second.includes('Adjective')) return false
  // Read as a subject ("… is here"), so its last word shows whether it is a noun.
  const last = wordTags(`${phrase} is here`)[words.length - 1] ?? []
  return last.includes('Noun') && !last.includes('Value')
}

/** A leading noun phrase and the rest of the line as its text ("Roll top" / "Expands from 24 to 28 liters."). */
function split(line: string): { title: string; text: string } | null {
  const body = unpunctuate(line)
  const words = body.split(' ')
  // Only the first words can hold the title and its link (tagging a long line is slow).
  const tags = wordTags(words.slice(0, 9).join(' '))
  for (let k = 2; k <= Math.min(6, words.length - 2); k++) {
    tags[k] ??= []
    const w = words[k].toLowerCase()
    const previous = words[k - 1]
    const comma = /,$/.test(previous)
    const verb = tags[k].includes('PresentTense') && /[^s]s$/.test(w) && !tags[k].includes('Noun')
    if (!(TEXT_PREPOSITIONS.has(w) || RELATIVE.has(w) || verb || comma)) continue
    const title = words.slice(0, k).join(' ').replace(/,$/, '')
    if (!titleLike(title, tags)) continue
    const rest = words.slice(RELATIVE.has(w) ? k + 1 : k).join(' ')
    if (rest.split(' ').length < 2 || DANGLING.test(rest.split(' ')[0])) continue
    return { title: upperFirst(title), text: sentence(upperFirst(rest)) }
  }
  return null
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
 * In order: the line's own lead ("SOFT GLOW: Three levels…", kept as the source wrote it even when a
 * long text repeats it), its leading noun phrase with the rest as text, a category the text does not
 * already name. A line with none of these gets no title
 * (`title` is empty and `text` is the line): the writer gathers such lines, never a title alone.
 */
export function benefitItem(
  line: string,
  taken: (title: string) => boolean = () => false,
  english = true,
): { title: string; text: string } {
  const ok = (title: string, text: string) => !!title && !!text && !taken(title) && (!english || !repeats(title, text))
  const l = lead(line)
  if (l) {
    const text = sentence(squash(upperFirst(l.rest)))
    const title = upperFirst(l.title)
    if (text.split(' ').length >= 2) {
      if (ok(title, text)) return { title, text }
      // The source's own heading over a text that says it again in full stays the source's ("MULTIPOINT PAIRING. Connect…").
      if (english && !taken(title) && text.split(' ').length >= 8) return { title, text }
    }
  }
  const body = squash(line)
  if (english && !l) {
    const parts = split(body)
    if (parts && ok(parts.title, parts.text)) return parts
    // A category only over a short line ("Materials" / "Hand-glazed stoneware dripper."), never over a sentence.
    const whole = sentence(upperFirst(unpunctuate(body)))
    const c = body.split(' ').length <= 7 ? CATEGORIES.find((x) => x.match.test(body) && ok(x.title, whole)) : undefined
    if (c) return { title: c.title, text: whole }
  }
  return { title: '', text: sentence(upperFirst(unpunctuate(body))) }
}
