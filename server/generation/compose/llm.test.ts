import { delay, http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadFacts } from '../../../tests/fixtures/facts'
import type { Page, Section } from '../../domain/page/schema'
import { findTemplate } from '../../domain/templates'
import { createComposer, createLlmComposer, createOfflineComposer, FALLBACK_NOTE, SECTION_FALLBACK_NOTE } from '.'

const BASE = 'https://llm.test/v1'
const template = findTemplate(1)
const offline = createOfflineComposer()

/** One scripted answer of the fake chat-completions endpoint. */
type Answer = { content: string } | { status: number } | { delayMs: number; content: string }
const seen: any[] = []
let script: Answer[] = []

const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
})

const server = setupServer(
  http.post(`${BASE}/chat/completions`, async ({ request }) => {
    seen.push(await request.json())
    const next = script.shift()
    if (!next) return HttpResponse.json({ error: { message: 'no scripted answer' } }, { status: 500 })
    if ('status' in next) return HttpResponse.json({ error: { message: 'upstream trouble' } }, { status: next.status })
    if ('delayMs' in next) await delay(next.delayMs)
    return HttpResponse.json(completion(next.content))
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  seen.length = 0
  script = []
})
afterAll(() => server.close())

const llm = (timeoutMs = 5_000) =>
  createLlmComposer({ apiKey: 'sk-test', baseURL: BASE, model: 'test-model', timeoutMs, fallback: offline })
const json = (v: unknown) => ({ content: JSON.stringify(v) })

async function offlinePage(name: string) {
  const facts = loadFacts(name)
  const outline = await offline.outline(facts, await offline.research(facts), template)
  return { facts, outline, page: (await offline.compose(facts, outline, template)).page }
}

/** A page as a model might write it: the offline page with new, honest headings (and another theme). */
function modelPage(page: Page): unknown {
  return {
    theme: { ...page.theme, primary: '#ff0000' },
    sections: page.sections.map((s) => (s.type === 'hero' ? { ...s, heading: 'Slow coffee, made simple' } : s)),
  }
}

describe('LLM composer: compose', () => {
  it('uses a valid answer, asking for schema-checked JSON with the honesty rules and the facts', async () => {
    const { facts, outline, page } = await offlinePage('pour-over-set')
    script = [json(modelPage(page))]
    const result = await llm().compose(facts, outline, template)
    expect(result.note).toBeUndefined()
    expect(result.page.sections[0].heading).toBe('Slow coffee, made simple')
    expect(result.page.theme).toEqual(template.theme) // the template's theme, whatever the model says
    expect(seen).toHaveLength(1)
    const body = seen[0]
    expect(body.model).toBe('test-model')
    expect(body.response_format.type).toBe('json_schema')
    expect(body.response_format.json_schema).toMatchObject({ name: 'page', strict: false })
    expect(body.response_format.json_schema.schema.properties.sections.type).toBe('array')
    expect(body.messages[0].role).toBe('system')
    expect(body.messages[0].content).toContain('Never invent reviews')
    expect(body.messages[0].content).toContain('Aurora Ceramic Pour-Over Coffee Set')
    expect(body.messages[1].content).toContain(JSON.stringify(outline))
  })

  it('asks once more after invalid JSON, and uses the second answer', async () => {
    const { facts, outline, page } = await offlinePage('pour-over-set')
    script = [{ content: '{"theme": {"primary": ' }, json(modelPage(page))]
    const result = await llm().compose(facts, outline, template)
    expect(result.note).toBeUndefined()
    expect(result.page.sections[0].heading).toBe('Slow coffee, made simple')
    expect(seen).toHaveLength(2)
    expect(seen[1].messages.at(-1).content).toContain('not valid JSON')
  })

  it('falls back to the built-in writer, with a note, after two invalid answers', async () => {
    const { facts, outline, page } = await offlinePage('pour-over-set')
    script = [{ content: 'Sure! Here is your page:' }, { content: '<html>nope</html>' }]
    const result = await llm().compose(facts, outline, template)
    expect(seen).toHaveLength(2)
    expect(result.note).toBe(FALLBACK_NOTE)
    expect(result.page).toEqual(page)
  })

  it('treats a schema-invalid answer (missing sections) as invalid: retry, then fall back', async () => {
    const { facts, outline, page } = await offlinePage('running-shoes')
    script = [json({ theme: page.theme }), json(modelPage(page))]
    expect((await llm().compose(facts, outline, template)).note).toBeUndefined()
    expect(seen[1].messages.at(-1).content).toContain('sections')
    seen.length = 0
    script = [json({ theme: page.theme }), json({ sections: [{ id: 'hero', type: 'hero' }] })]
    const result = await llm().compose(facts, outline, template)
    expect(seen).toHaveLength(2)
    expect(result).toEqual({ page, note: FALLBACK_NOTE })
  })

  it('falls back when the endpoint fails twice, and uses it when it recovers', async () => {
    const { facts, outline, page } = await offlinePage('cast-iron-skillet')
    script = [{ status: 500 }, { status: 503 }]
    expect(await llm().compose(facts, outline, template)).toEqual({ page, note: FALLBACK_NOTE })
    script = [{ status: 429 }, json(modelPage(page))]
    expect((await llm().compose(facts, outline, template)).note).toBeUndefined()
  })

  it('falls back when the answer is slower than timeoutMs', async () => {
    const { facts, outline, page } = await offlinePage('night-light')
    script = [
      { delayMs: 3_000, content: JSON.stringify(modelPage(page)) },
      { delayMs: 3_000, content: JSON.stringify(modelPage(page)) },
    ]
    const started = Date.now()
    const result = await llm(200).compose(facts, outline, template)
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(result).toEqual({ page, note: FALLBACK_NOTE })
  })

  it('rejects an invented review, an invented number and a made-up guarantee', async () => {
    const { facts, outline, page } = await offlinePage('pour-over-set')
    const withFakeReview = structuredClone(page)
    const reviews = withFakeReview.sections.find((s) => s.type === 'reviews') as Extract<Section, { type: 'reviews' }>
    reviews.items.unshift({
      author: 'Coffee Lover',
      rating: 5,
      date: '2025-03-30',
      title: 'Perfect',
      body: 'The best pour-over set I have ever owned.',
    })
    const withFakeNumber = structuredClone(page)
    ;(withFakeNumber.sections[0] as Extract<Section, { type: 'hero' }>).subheading = 'Loved by 12,000 home baristas.'
    script = [json(withFakeReview), json(withFakeNumber)]
    const result = await llm().compose(facts, outline, template)
    expect(seen).toHaveLength(2)
    expect(seen[1].messages.at(-1).content).toContain('The review by Coffee Lover is not one of the imported reviews')
    expect(result).toEqual({ page, note: FALLBACK_NOTE })

    const skillet = await offlinePage('cast-iron-skillet')
    const withGuarantee = {
      ...skillet.page,
      sections: [
        ...skillet.page.sections,
        { id: 'guarantee', type: 'guarantee', heading: 'Lifetime guarantee', text: 'Guaranteed for life.' },
      ],
    }
    script = [json(withGuarantee), json(withGuarantee)]
    expect((await llm().compose(skillet.facts, skillet.outline, template)).note).toBe(FALLBACK_NOTE)
  })
})

describe('LLM composer: outline, research and rewrite', () => {
  it('uses a valid outline, and rejects sections the facts cannot support', async () => {
    const facts = loadFacts('cast-iron-skillet')
    const research = await llm().research(facts)
    expect(research).toEqual(await offline.research(facts)) // research is the grounded reading of the facts
    expect(seen).toHaveLength(0)
    const good = {
      sections: [
        { id: 'hero', type: 'hero', title: 'Sear, bake and serve in one pan', points: ['Pre-seasoned with vegetable oil'] },
        { id: 'cta', type: 'cta', title: 'Get yours', points: [] },
      ],
    }
    script = [json(good)]
    expect(await llm().outline(facts, research, template)).toEqual(good)
    expect(seen[0].response_format.json_schema.name).toBe('outline')
    const withReviews = {
      sections: [...good.sections, { id: 'reviews', type: 'reviews', title: 'Reviews', points: ['5 stars from 200 cooks'] }],
    }
    script = [json(withReviews), json(withReviews)]
    expect(await llm().outline(facts, research, template)).toEqual(await offline.outline(facts, research, template))
  })

  it('rewrites a section with the model, keeping its id, and falls back with a note', async () => {
    const { facts, page } = await offlinePage('running-shoes')
    const benefits = page.sections.find((s) => s.type === 'benefits') as Extract<Section, { type: 'benefits' }>
    const rewritten = { ...benefits, id: 'other-id', heading: 'Built for your long runs', items: benefits.items.slice(0, 2) }
    script = [json(rewritten)]
    const ok = await llm().rewriteSection(facts, page, benefits.id, 'shorter')
    expect(ok).toEqual({ section: { ...rewritten, id: benefits.id } })
    expect(seen[0].messages[1].content).toContain('Instruction from the store owner: shorter')
    expect(seen[0].response_format.json_schema.name).toBe('section')

    script = [
      json({ ...rewritten, type: 'faq' }),
      json({ ...rewritten, items: [{ title: 'Loved by 5,000 runners', text: 'Everyone loves them.' }] }),
    ]
    const fallback = await llm().rewriteSection(facts, page, benefits.id, 'shorter')
    const own = await offline.rewriteSection(facts, page, benefits.id, 'shorter')
    // The built-in writer's own note (here: the section is already as short as the facts allow) follows.
    expect(fallback.note).toBe(own.note ? `${SECTION_FALLBACK_NOTE} ${own.note}` : SECTION_FALLBACK_NOTE)
    expect(fallback.section).toEqual(own.section)
  })
})

describe('createComposer', () => {
  it('is offline without a key', () => {
    expect(createComposer({}).name).toBe('offline')
    expect(createComposer({ OPENAI_API_KEY: '' }).name).toBe('offline')
  })

  it('uses the endpoint with a key, with gpt-4o-mini by default', async () => {
    const composer = createComposer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: BASE })
    expect(composer.name).toBe('llm')
    const { facts, outline, page } = await offlinePage('cork-yoga-mat')
    script = [json(page)]
    expect((await composer.compose(facts, outline, template)).note).toBeUndefined()
    expect(seen[0].model).toBe('gpt-4o-mini')
    const custom = createComposer({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: BASE, LLM_MODEL: 'my-model' })
    script = [json(page)]
    await custom.compose(facts, outline, template)
    expect(seen[1].model).toBe('my-model')
  })
})
