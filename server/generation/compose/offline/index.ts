import type { Composer } from '../types'
import { composeOffline, languageNote } from './compose'
import { buildOutline } from './outline'
import { research } from './research'
import { rewriteOffline } from './rewrite'

/**
 * The built-in writer: no network, deterministic (same facts → same page, byte for byte), and
 * grounded only in the imported facts.
 */
export function createOfflineComposer(): Composer {
  return {
    name: 'offline',
    async research(facts) {
      return research(facts)
    },
    async outline(facts, r, template) {
      return buildOutline(facts, r, template)
    },
    async compose(facts, outline, template) {
      const note = languageNote(facts)
      return note ? { page: composeOffline(facts, outline, template), note } : { page: composeOffline(facts, outline, template) }
    },
    async rewriteSection(facts, page, sectionId, instruction) {
      return rewriteOffline(facts, page, sectionId, instruction)
    },
  }
}

export { research, buildOutline, composeOffline, rewriteOffline }
