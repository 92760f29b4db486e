import OpenAI from 'openai'
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import { type z } from 'zod'
import { outlineSchema, type Outline } from '../../domain/outline'
import { pageSchema, sectionSchema, type Page, type Section } from '../../domain/page/schema'
import type { ProductFacts } from '../../domain/product-facts'
import { checkPageHonesty } from './honesty'
import { supportedTypes } from './offline/outline'
import { research as offlineResearch } from './offline/research'
import { composePrompt, jsonSchemaOf, outlinePrompt, retryPrompt, rewritePrompt, systemPrompt } from './prompts'
import { untraceableNumbers } from './trace'
import type { Composer, Research } from './types'

/**
 * The AI writer: any OpenAI-compatible endpoint through the `openai` SDK, with schema-checked JSON
 * answers. Every answer is validated (zod schema + honesty rules); an invalid or failed answer is
 * asked again once, then the built-in writer takes over and says so in `note`.
 */
export const FALLBACK_NOTE = 'The AI writer was unavailable, so this page was written by the built-in writer.'
export const SECTION_FALLBACK_NOTE = 'The AI writer was unavailable, so this section was rewritten by the built-in writer.'

export interface LlmComposerOptions {
  apiKey: string
  baseURL?: string
  model: string
  timeoutMs?: number
  fallback: Composer
  /** Told about every rejected or failed answer (for the log); never given the key. */
  onProblem?: (step: string, problems: string[]) => void
}

type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] }

const zodProblems = (error: z.ZodError) => error.issues.slice(0, 8).map((i) => `${i.path.join('.') || 'answer'}: ${i.message}.`)

export function createLlmComposer(opts: LlmComposerOptions): Composer {
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, timeout: opts.timeoutMs ?? 60_000, maxRetries: 0 })
  const schemas = {
    outline: jsonSchemaOf(outlineSchema),
    page: jsonSchemaOf(pageSchema),
    section: jsonSchemaOf(sectionSchema),
  }

  /** Asks up to twice; returns the first answer that passes `check`, or null. */
  async function ask<T>(
    step: 'outline' | 'page' | 'section',
    system: string,
    task: string,
    check: (raw: unknown) => Checked<T>,
  ): Promise<T | null> {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      { role: 'user', content: task },
    ]
    for (let attempt = 1; attempt <= 2; attempt++) {
      let problems: string[]
      let content = ''
      try {
        const res = await client.chat.completions.create({
          model: opts.model,
          messages,
          temperature: 0.4,
          response_format: { type: 'json_schema', json_schema: { name: step, strict: false, schema: schemas[step] } },
        })
        content = res.choices[0]?.message?.content ?? ''
        let raw: unknown
        try {
          raw = JSON.parse(content)
        } catch {
          raw = undefined
        }
        if (raw === undefined) problems = ['The answer was not valid JSON.']
        else {
          const checked = check(raw)
          if (checked.ok) return checked.value
          problems = checked.problems
        }
      } catch (e) {
        // Network trouble, an error status or the timeout: ask the same question again.
        opts.onProblem?.(step, [`The request failed: ${e instanceof Error ? e.constructor.name : 'error'}.`])
        continue
      }
      opts.onProblem?.(step, problems)
      messages.push({ role: 'assistant', content: content.slice(0, 20_000) || '(empty)' })
      messages.push({ role: 'user', content: retryPrompt(problems) })
    }
    return null
  }

  const researchOf = (facts: ProductFacts, given?: Research) => given ?? offlineResearch(facts)

  return {
    name: 'llm',

    // Research stays grounded and free: it is a reading of the facts, done by the built-in reader.
    research: (facts) => opts.fallback.research(facts),

    async outline(facts, research, template) {
      const r = researchOf(facts, research)
      const supported = supportedTypes(facts, r)
      const outline = await ask<Outline>('outline', systemPrompt(facts, r), outlinePrompt(template, [...supported]), (raw) => {
        const parsed = outlineSchema.safeParse(raw)
        if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
        const problems: string[] = []
        for (const s of parsed.data.sections) if (!supported.has(s.type)) problems.push(`The facts cannot support a ${s.type} section.`)
        if (new Set(parsed.data.sections.map((s) => s.id)).size !== parsed.data.sections.length)
          problems.push('Section ids must be unique.')
        for (const n of untraceableNumbers(parsed.data, facts)) problems.push(`The number ${n.number} in ${n.path} is not in the facts.`)
        return problems.length ? { ok: false, problems } : { ok: true, value: parsed.data }
      })
      return outline ?? opts.fallback.outline(facts, research, template)
    },

    async compose(facts, outline, template) {
      const r = researchOf(facts)
      const types = new Set(outline.sections.map((s) => s.type))
      const page = await ask<Page>('page', systemPrompt(facts, r), composePrompt(outline, template), (raw) => {
        const answer: Record<string, unknown> = { ...(raw as object), theme: template.theme }
        // The AI writer writes in English (prompts.ts): a language in its answer is not the page's.
        delete answer.language
        const parsed = pageSchema.safeParse(answer)
        if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
        const problems = checkPageHonesty(parsed.data, facts).map((i) => `${i.path}: ${i.message}`)
        for (const s of parsed.data.sections) if (!types.has(s.type)) problems.push(`The outline has no ${s.type} section.`)
        return problems.length ? { ok: false, problems } : { ok: true, value: parsed.data }
      })
      if (page) return { page }
      const offline = await opts.fallback.compose(facts, outline, template)
      return { page: offline.page, note: FALLBACK_NOTE }
    },

    async rewriteSection(facts, page, sectionId, instruction) {
      const current = page.sections.find((s) => s.id === sectionId)
      if (!current) throw new Error(`There is no section "${sectionId}" on this page.`)
      const r = researchOf(facts)
      const section = await ask<Section>('section', systemPrompt(facts, r), rewritePrompt(page, current, instruction), (raw) => {
        const parsed = sectionSchema.safeParse({ ...(raw as object), id: current.id })
        if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error) }
        if (parsed.data.type !== current.type) return { ok: false, problems: [`The section must stay a ${current.type} section.`] }
        const whole = { ...page, sections: page.sections.map((s) => (s.id === sectionId ? parsed.data : s)) }
        const problems = checkPageHonesty(whole, facts)
          .filter((i) => i.path.startsWith(`sections[${page.sections.indexOf(current)}]`))
          .map((i) => `${i.path}: ${i.message}`)
        return problems.length ? { ok: false, problems } : { ok: true, value: parsed.data }
      })
      if (section) return { section }
      const offline = await opts.fallback.rewriteSection(facts, page, sectionId, instruction)
      return { section: offline.section, note: offline.note ? `${SECTION_FALLBACK_NOTE} ${offline.note}` : SECTION_FALLBACK_NOTE }
    },
  }
}
