import type { ProductFacts } from '../../../domain/product-facts'
import { realOptions } from '../figures'
import type { Fact, QA } from '../types'
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

export function buildFaq(facts: ProductFacts, subject: Subject, sentences: FaqSentences): QA[] {
  const it = subject.plural ? 'they' : 'it'
  const It = subject.plural ? 'They' : 'It'
  const be = subject.plural ? 'are' : 'is'
  const does = subject.plural ? 'do' : 'does'
  const the = `the ${subject.noun}`
  const out: QA[] = []
  const byTopic = new Map<string, { name: string; value: string }[]>()
  for (const spec of facts.specs) {
    const value = unpunctuate(spec.value)
    const name = spec.name.trim()
    if (!value || !name) continue
    const t = SPEC_TOPICS.find((x) => x.name.test(name))
    if (t) byTopic.set(t.topic, [...(byTopic.get(t.topic) ?? []), { name, value }])
  }
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
    const source = (whole ? [whole] : materials.slice(0, 3)).map((m) => `spec: ${m.name}`).join(', ')
    out.push({ topic: 'material', question: `What ${be} ${the} made of?`, answer, source })
  }
  const size = first('size')
  if (size)
    out.push({
      topic: 'size',
      question: `How big ${be} ${it}?`,
      answer: `${It} ${subject.plural ? 'measure' : 'measures'} ${size.value}.`,
      source: `spec: ${size.name}`,
    })
  const weight = first('weight')
  if (weight)
    out.push({
      topic: 'weight',
      question: `How much ${does} ${it} weigh?`,
      answer: `The ${lowerFirst(weight.name)} is ${weight.value}.`,
      source: `spec: ${weight.name}`,
    })
  const capacity = first('capacity')
  if (capacity)
    out.push({
      topic: 'capacity',
      question: `How much ${does} ${it} hold?`,
      answer: `The ${lowerFirst(capacity.name)} is ${capacity.value}.`,
      source: `spec: ${capacity.name}`,
    })
  for (const m of specs('measure').slice(0, 2)) {
    out.push({
      topic: 'measure',
      question: `What is the ${lowerFirst(m.name)}?`,
      answer: `The ${lowerFirst(m.name)} is ${m.value}.`,
      source: `spec: ${m.name}`,
    })
  }
  const age = first('age')
  if (age)
    out.push({
      topic: 'age',
      question: `What age ${be} ${it} for?`,
      answer: `The ${lowerFirst(age.name)} is ${age.value}.`,
      source: `spec: ${age.name}`,
    })
  for (const o of realOptions(facts).filter((o) => o.values.length >= 2)) {
    const many = plural(lowerFirst(o.name))
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
      source: `spec: ${compat.name}`,
    })
  }
  const power = specs('power')
  if (power.length > 0) {
    out.push({
      topic: 'power',
      question: `How ${be} ${it} powered?`,
      answer: power
        .slice(0, 3)
        .map((p) => `${p.name}: ${p.value}.`)
        .join(' '),
      source: power.map((p) => `spec: ${p.name}`).join(', '),
    })
  }
  const box = first('box')
  if (!fromSentences('box', sentences.box, `What comes in the box?`) && box) {
    out.push({
      topic: 'box',
      question: 'What comes in the box?',
      answer: `In the box: ${lowerFirst(box.value)}.`,
      source: `spec: ${box.name}`,
    })
  }
  const care = first('care')
  if (!fromSentences('care', sentences.care, `How do I look after ${it === 'it' ? 'it' : 'them'}?`) && care) {
    out.push({
      topic: 'care',
      question: `How do I look after ${it === 'it' ? 'it' : 'them'}?`,
      answer: `Care instructions: ${lowerFirst(care.value)}.`,
      source: `spec: ${care.name}`,
    })
  }
  fromSentences('warnings', sentences.warnings, 'Is there anything to avoid?')
  const shipping = first('shipping')
  if (!fromSentences('shipping', sentences.shipping, `How ${be} ${it} shipped?`) && shipping) {
    out.push({
      topic: 'shipping',
      question: `How ${be} ${it} shipped?`,
      answer: `Shipping: ${shipping.value}.`,
      source: `spec: ${shipping.name}`,
    })
  }
  return out.slice(0, 10)
}
