import { loadOnce } from '../load-once'
import type { Composer } from './types'

type ComposerEnv = { OPENAI_API_KEY?: string; OPENAI_BASE_URL?: string; LLM_MODEL?: string }

/**
 * The composer of createComposer, loaded on its first use: the built-in writer's language library
 * (compromise and its lexicon) costs about 0.4 s of a server's start, which a process that only
 * serves pages never needs, and about 30 MB of memory it holds until a page is written.
 */
export function lazyComposer(env: ComposerEnv): Composer {
  const load = loadOnce(() => import('./index').then(({ createComposer }) => createComposer(env)))
  return {
    name: env.OPENAI_API_KEY ? 'llm' : 'offline',
    research: async (...args) => (await load()).research(...args),
    outline: async (...args) => (await load()).outline(...args),
    compose: async (...args) => (await load()).compose(...args),
    rewriteSection: async (...args) => (await load()).rewriteSection(...args),
  }
}
