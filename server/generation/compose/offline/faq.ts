import type { ProductFacts } from '../../../domain/product-facts'
import { realOptions } from '../figures'
import type { Fact, QA } from '../types'
import { latinOnly } from './language'
import { optionWords } from './nlp'
import { specName, specValue } from './specs'
import { joinList, lowerFirst, plural, sentence, unpunctuate } from './text'

/**
 * Questions the facts can answer, each answered only from them: specs first, then description
 * sentences set aside for the topic. No answer, no question — and never a shipping time unless stated.
 */
export interface FaqSentences {
  material: Fact[]
  care: Fact[]
  box: Fact[]
  warnings: Fact[]
  shipping: Fact[]
}

interface Subject {
  noun: string
  plural: boolean
}

/** The parcel's measures ("Package Dimensions", "Shipping Weight"): neither what is in the box nor the product's own size. */
const PARCEL_MEASURE = /\b(?:package|packaging|parcel|shipping)\s+(?:dimensions?|weight|size)\b/i

const YES_NO = /^(?:yes|no|none|true|false)$/i

const SPEC_TOPICS: { topic: string; name: RegExp }[] = [
  { topic: 'material', name: /material|fabric|composition|^(upper|midsole|outsole|sole|insole|lining)$/i },
  { topic: 'size', name: /^(size|dimensions?|measurements?)$/i },
  { topic: 'weight', name: /weight/i },
  { topic: 'capacity', name: /capacity|volume/i },
  { topic: 'measure', name: /diameter|length|width|height|thickness|depth|drop/i },
  { topic: 'age', name: /\bage\b/i },
  { topic: 'compatibility', name: /compatib|fits|works with/i },
  { topic: 'power', name: /battery|charging|power|runtime|voltage|wattage/i },
  { topic: 'box', name: /in the box|^box|package|contents|included|includes/i },
  { topic: 'care', name: /care|clean|wash/i },
  { topic: 'shipping', name: /shipping|delivery|dispatch/i },
]

/** The topic a question asks about (used to answer questions the user typed into the outline). */
export function topicOf(question: string): string | null {
  const q = question.toLowerCase()
  if (/made of|made from|material/.test(q)) return 'material'
  if (/how big|dimension|measure/.test(q)) return 'size'
  if (/weigh/.test(q)) return 'weight'
  if (/hold|capacity|volume/.test(q)) return 'capacity'
  if (/\bage\b|how old/.test(q)) return 'age'
  if (/compatib|fit|work with|work on/.test(q)) return 'compatibility'
  if (/power|battery|charg/.test(q)) return 'power'
  if (/in the box|included|come with|package/.test(q)) return 'box'
  if (/care|clean|wash|look after/.test(q)) return 'care'
  if (/avoid|safe|should i not/.test(q)) return 'warnings'
  if (/ship|deliver|dispatch/.test(q)) return 'shipping'
  const option = /which (\w+)/.exec(q)
  if (option) return `option:${option[1]}`
  return null
}

/** "Carafe capacity: 600 ml" → "The carafe holds 600 ml."; "Capacity: 2 L" → "It holds 2 L." */
function capacityAnswer(spec: { name: string; value: string }, It: string, holds: string): string {
  const part = spec.name.replace(/\s*(capacity|volume)$/i, '').trim()
  return part && part.toLowerCase() !== spec.name.toLowerCase()
    ? `The ${lowerFirst(part)} holds ${spec.value}.`
    : `${It} ${holds} ${spec.value}.`
}

/** A battery, charging or power spec as a sentence ("It charges by USB-C, about 2 hours to full."). */
function powerSentence(spec: { name: string; value: string }, It: string, verb: (one: string, many: string) => string): string {
  const value = lowerFirst(spec.value)
  if (/charg/i.test(spec.name)) return `${It} ${verb('charges', 'charge')} by ${value}.`
  if (/battery/i.test(spec.name) && /battery|batteries/i.test(spec.value)) return `${It} ${verb('runs', 'run')} on a ${value}.`
  if (/runtime/i.test(spec.name)) return `${It} ${verb('runs', 'run')} for ${value}.`
  return `The ${lowerFirst(spec.name)} is ${value}.`
}

export function buildFaq(facts: ProductFacts, subject: Subject, sentences: FaqSentences): QA[] {
  const it = subject.plural ? 'they' : 'it'
  const It = subject.plural ? 'They' : 'It'
  const be = subject.plural ? 'are' : 'is'
  const does = subject.plural ? 'do' : 'does'
  const the = subject.noun === 'product' ? 'this product' : `the ${subject.noun}`
  const out: QA[] = []
  // `name` and `value` as the page shows them; `raw` is the spec's own name, for the source.
  const byTopic = new Map<string, { name: string; value: string; raw: string }[]>()
  for (const spec of facts.specs) {
    const value = unpunctuate(specValue(spec.value))
    const raw = spec.name.trim()
    if (!value || !raw) continue
    const name = specName(raw)
    const t = PARCEL_MEASURE.test(raw) ? undefined : SPEC_TOPICS.find((x) => x.name.test(raw))
    // "Batteries included?: No" says whether, not what: it is not the box's contents.
    if (t?.topic === 'box' && YES_NO.test(value)) continue
    if (t) byTopic.set(t.topic, [...(byTopic.get(t.topic) ?? []), { name, value, raw }])
  }
  const src = (...specs: { raw: string }[]) => specs.map((m) => `spec: ${m.raw}`).join(', ')
  const verb = (singular: string, pluralForm: string) => (subject.plural ? pluralForm : singular)
  const fromSentences = (topic: string, facts: Fact[], question: string) => {
    if (facts.length === 0) return false
    out.push({
      topic,
      question,
      answer: facts
        .slice(0, 2)
        .map((f) => sentence(f.text))
        .join(' '),
      source: 'description',
    })
    return true
  }
  const specs = (topic: string) => byTopic.get(topic) ?? []
  const first = (topic: string) => specs(topic)[0]

  const materials = specs('material')
  if (!fromSentences('material', sentences.material, `What ${be} ${the} made of?`) && materials.length > 0) {
    const whole = materials.find((m) => /material/i.test(m.name))
    const answer = whole
      ? `${It}'${subject.plural ? 're' : 's'} made from ${lowerFirst(whole.value)}.`
      : materials
          .slice(0, 3)
          .map((m) => `The ${lowerFirst(m.name)} is ${lowerFirst(m.value)}.`)
          .join(' ')
    const source = src(...(whole ? [whole] : materials.slice(0, 3)))
    out.push({ topic: 'material', question: `What ${be} ${the} made of?`, answer, source })
  }
  const size = first('size')
  if (size)
    out.push({
      topic: 'size',
      question: `How big ${be} ${it}?`,
      answer: `${It} ${verb('measures', 'measure')} ${size.value}.`,
      source: src(size),
    })
  const weight = first('weight')
  if (weight)
    out.push({
      topic: 'weight',
      question: `How much ${does} ${it} weigh?`,
      answer: `${It} ${verb('weighs', 'weigh')} ${weight.value}.`,
      source: src(weight),
    })
  const capacity = first('capacity')
  if (capacity)
    out.push({
      topic: 'capacity',
      question: `How much ${does} ${it} hold?`,
      answer: capacityAnswer(capacity, It, verb('holds', 'hold')),
      source: src(capacity),
    })
  for (const m of specs('measure').slice(0, 2)) {
    out.push({
      topic: 'measure',
      question: `What is the ${lowerFirst(m.name)}?`,
      answer: `The ${lowerFirst(m.name)} is ${m.value}.`,
      source: src(m),
    })
  }
  const age = first('age')
  if (age)
    out.push({
      topic: 'age',
      question: `What age ${be} ${it} for?`,
      answer: `The ${lowerFirst(age.name)} is ${age.value}.`,
      source: src(age),
    })
  for (const o of realOptions(facts).filter((o) => o.values.length >= 2)) {
    const words = optionWords(o.name)
    const latin = o.values.every(latinOnly)
    if (!words || !latin) {
      // A name or values in another script or language: listed as the source gives them, no English around them.
      out.push({
        topic: `option:${o.name}`,
        question: 'What options are there?',
        answer: `${o.name}: ${o.values.join(', ')}.`,
        source: `option: ${o.name}`,
      })
      continue
    }
    const many = plural(words)
    const answer =
      o.values.length <= 6
        ? `You can choose ${joinList(o.values, 'or')}.`
        : `There are ${o.values.length} ${many} to choose from: ${o.values.join(', ')}.`
    out.push({ topic: `option:${many}`, question: `Which ${many} can I choose from?`, answer, source: `option: ${o.name}` })
  }
  const compat = first('compatibility')
  if (compat) {
    const question = /model/i.test(compat.name) ? `Which models ${does} ${it} fit?` : `What ${does} ${it} work with?`
    out.push({
      topic: 'compatibility',
      question,
      answer: `${It} ${be} listed as compatible with ${lowerFirst(compat.value)}.`,
      source: src(compat),
    })
  }
  const power = specs('power')
  if (power.length > 0) {
    out.push({
      topic: 'power',
      question: `How ${be} ${it} powered?`,
      answer: power
        .slice(0, 3)
        .map((p) => powerSentence(p, It, verb))
        .join(' '),
      source: src(...power.slice(0, 3)),
    })
  }
  const box = first('box')
  if (!fromSentences('box', sentences.box, `What comes in the box?`) && box) {
    out.push({
      topic: 'box',
      question: 'What comes in the box?',
      answer: `${It} ${verb('comes', 'come')} with ${lowerFirst(box.value)}.`,
      source: src(box),
    })
  }
  const care = first('care')
  if (!fromSentences('care', sentences.care, `How do I look after ${it === 'it' ? 'it' : 'them'}?`) && care) {
    out.push({
      topic: 'care',
      question: `How do I look after ${it === 'it' ? 'it' : 'them'}?`,
      answer: sentence(care.value),
      source: src(care),
    })
  }
  fromSentences('warnings', sentences.warnings, 'Is there anything to avoid?')
  const shipping = first('shipping')
  if (!fromSentences('shipping', sentences.shipping, `How ${be} ${it} shipped?`) && shipping) {
    out.push({
      topic: 'shipping',
      question: `How ${be} ${it} shipped?`,
      answer: `The listing gives ${lowerFirst(shipping.name)} as ${lowerFirst(shipping.value)}.`,
      source: src(shipping),
    })
  }
  return out.slice(0, 10)
}
