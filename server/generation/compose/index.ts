import { log } from '../../log'
import { createLlmComposer } from './llm'
import { createOfflineComposer } from './offline'
import type { Composer } from './types'

/**
 * Page copy (docs/architecture.md §6): an OpenAI-compatible endpoint when a key is set, else the built-in
 * offline composer. The AI writer falls back to the built-in one when it fails.
 */
export const DEFAULT_LLM_MODEL = 'gpt-4o-mini'

export function createComposer(env: { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; LLM_MODEL?: string }): Composer {
  const offline = createOfflineComposer()
  if (!env.OPENAI_API_KEY) return offline
  return createLlmComposer({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.LLM_MODEL || DEFAULT_LLM_MODEL,
    fallback: offline,
    onProblem: (step, problems) => log.warn('AI writer answer not used', { step, problems: problems.slice(0, 5) }),
  })
}

export { createOfflineComposer } from './offline'
export { createLlmComposer, FALLBACK_NOTE, SECTION_FALLBACK_NOTE } from './llm'
export type { Composer } from './types'
