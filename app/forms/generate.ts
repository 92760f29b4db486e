import { PASTED_TEXT_MAX, PASTED_TEXT_MIN, PRODUCT_URL_MAX } from '../../server/domain/task-input'
import type { FieldRule } from '../lib/form'

/** A product link is a whole http(s) address. */
export const FULL_LINK = /^https?:\/\/\S+$/i
export const FULL_LINK_MESSAGE = 'Please enter a full link, starting with https://'

/** What the browser checks before posting /generate (the field of the chosen mode); the action checks all with generate.server.ts. */
export const GENERATE_RULES: Record<'url' | 'text', FieldRule> = {
  url: { required: true, maxLength: PRODUCT_URL_MAX, pattern: FULL_LINK, patternMessage: FULL_LINK_MESSAGE },
  text: { required: true, minLength: PASTED_TEXT_MIN, maxLength: PASTED_TEXT_MAX },
}
