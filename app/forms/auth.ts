import { z } from 'zod'
import { emailField, loginCodeField, requiredText } from '../../server/domain/validation'

/** One schema per form, shared by the browser (conform) and the action. */
export const loginSchema = z.object({ email: emailField(), redirectTo: z.string().optional() })
export const signUpSchema = z.object({ name: requiredText({ max: 80 }), email: emailField() })
export const verifySchema = z.object({ code: loginCodeField() })
