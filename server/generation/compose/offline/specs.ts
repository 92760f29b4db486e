/**
 * Specification names and values as a page shows them: names in sentence case without the
 * marketplace's "Item"/"Product" prefix, units abbreviated one way ("1.1 Pounds" → "1.1 lb"), and
 * US spelling ("Colour" → "Color"). Nothing is added: a value keeps every number and word it had.
 */

const UNITS: [RegExp, string][] = [
  [/^(?:pounds?|lbs?)$/i, 'lb'],
  [/^(?:ounces?|oz)$/i, 'oz'],
  [/^(?:fluid ounces?|fl\.? ?oz)$/i, 'fl oz'],
  [/^(?:kilograms?|kilogrammes?|kgs?)$/i, 'kg'],
  [/^(?:grams?|grammes?|g)$/i, 'g'],
  [/^(?:milligrams?|mg)$/i, 'mg'],
  [/^(?:millimet(?:er|re)s?|mm)$/i, 'mm'],
  [/^(?:centimet(?:er|re)s?|cm)$/i, 'cm'],
  [/^(?:met(?:er|re)s?)$/i, 'm'],
  [/^(?:inch(?:es)?|in)$/i, 'in'],
  [/^(?:feet|foot|ft)$/i, 'ft'],
  [/^(?:millilit(?:er|re)s?|ml)$/i, 'ml'],
  [/^(?:lit(?:er|re)s?|l)$/i, 'L'],
  [/^(?:watts?|w)$/i, 'W'],
  [/^(?:volts?|v)$/i, 'V'],
  [/^(?:mah)$/i, 'mAh'],
  [/^(?:hours?|hrs?)$/i, 'hours'],
]
const UNIT_WORD = /(\d(?:[\d.,]*\d)?)(\s?)(fluid ounces?|fl\.? ?oz|[a-z]+)\b/gi

/** US spellings of words a page writes (never of names: "Grey" as a variant name stays). */
const US_SPELLING: [RegExp, string][] = [
  [/\bcolour(s|ed|ful|way|ways)?\b/g, 'color$1'],
  [/\bColour(s|ed|ful|way|ways)?\b/g, 'Color$1'],
  [/\bfavourite(s)?\b/g, 'favorite$1'],
  [/\bFavourite(s)?\b/g, 'Favorite$1'],
  [/\bflavour(s|ed)?\b/g, 'flavor$1'],
  [/\bFlavour(s|ed)?\b/g, 'Flavor$1'],
  [/\bcentre(s)?\b/g, 'center$1'],
  [/\bCentre(s)?\b/g, 'Center$1'],
  [/\b(milli|centi|kilo)?litre(s)?\b/g, '$1liter$2'],
  [/\b(milli|centi|kilo)?metre(s)?\b/g, '$1meter$2'],
  [/\baluminium\b/g, 'aluminum'],
  [/\bAluminium\b/g, 'Aluminum'],
]

/** "colour" → "color" and the like (en-US, the page's one spelling). */
export function usSpelling(text: string): string {
  return US_SPELLING.reduce((t, [re, to]) => t.replace(re, to), text)
}

/** "Item Weight" → "Weight"; "BATTERY CAPACITY" → "Battery capacity"; acronyms and model names kept. */
export function specName(name: string): string {
  const words = name
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(?:item|product)\s+(?=\S)/i, '')
    .split(' ')
  const shouting = words.every((w) => !/[a-z]/.test(w))
  const out = words.map((w, i) => {
    const keep = !shouting && (/^[A-Z0-9]{2,}$/.test(w) || /[a-z][A-Z]/.test(w))
    if (keep) return w
    const lower = w.toLowerCase()
    return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower
  })
  return usSpelling(out.join(' '))
}

/** "1.1 Pounds" → "1.1 lb", "600 Milliliters" → "600 ml"; words that are not units are left as written. */
export function specValue(value: string): string {
  const v = value.trim().replace(/\s+/g, ' ')
  return usSpelling(
    v.replace(UNIT_WORD, (all, n: string, _space: string, word: string) => {
      const unit = UNITS.find(([re]) => re.test(word))?.[1]
      return unit ? `${n} ${unit}` : all
    }),
  )
}
