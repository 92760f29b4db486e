import { MESSAGES } from '../../server/domain/validation'
import type { FieldRule } from '../lib/form'

/** The longest name sign-up takes (the schema's limit too). */
export const NAME_MAX = 80
/** The login code's length (server/domain/validation.ts `loginCodeField`). */
const CODE_LENGTH = 6

/**
 * What the browser checks before posting the sign-in forms, in the schemas' words; the action
 * checks everything again with the schemas of auth.server.ts (no zod in these screens' script).
 */
const EMAIL_RULE: FieldRule = { required: true, email: true }
export const LOGIN_RULES = { email: EMAIL_RULE }
export const SIGN_UP_RULES = { name: { required: true, maxLength: NAME_MAX }, email: EMAIL_RULE }
export const VERIFY_RULES = {
  code: { required: true, pattern: /^\d+$/, patternMessage: MESSAGES.numbers, minLength: CODE_LENGTH, maxLength: CODE_LENGTH },
}
