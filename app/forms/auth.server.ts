import { z } from 'zod'
import { emailField, loginCodeField, requiredText, returnPathField } from '../../server/domain/validation'
import { NAME_MAX } from './auth'
import { VERIFY_INTENT } from './intents'

/** One schema per form, read by the action (the browser checks the simpler rules of auth.ts). */
const redirectTo = returnPathField()
export const loginSchema = z.object({ email: emailField(), redirectTo })
export const signUpSchema = z.object({ name: requiredText({ max: NAME_MAX }), email: emailField(), redirectTo })
export const verifySchema = z.object({ intent: z.literal(VERIFY_INTENT.verify).default(VERIFY_INTENT.verify), code: loginCodeField() })
/** The verify page's second form: send the code again. */
export const resendSchema = z.object({ intent: z.literal(VERIFY_INTENT.resend) })
/** The one-click link's token, posted by the auto-login page. */
export const autoLoginSchema = z.object({ token: z.string().trim().min(1).max(200) })
/** "Continue with Google": where to go after signing in. */
export const googleStartSchema = z.object({ redirectTo })
