import { z } from 'zod'

/** Generic form messages, word for word as reference §8.2 lists them. */
export const MESSAGES = {
  required: 'This field is required',
  email: 'Please enter a valid email',
  numbers: 'This field can only contain numbers',
  integer: 'This field can only contain whole numbers',
  uppercase: 'This field can only contain uppercase letters',
  maxLength: (n: number) => `This field must be at most ${n} characters`,
  minLength: (n: number) => `This field must be at least ${n} characters`,
  invalidFormat: 'Invalid format',
} as const

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

/** reference §8.2: hex with a leading # and 3, 4, 6 or 8 digits. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value)
}

// Empty strings from HTML forms count as "missing".
const trimmed = () => z.string({ error: MESSAGES.required }).trim()

export function requiredText(opts: { min?: number; max?: number } = {}) {
  let s = trimmed().min(1, MESSAGES.required)
  if (opts.min) s = s.min(opts.min, MESSAGES.minLength(opts.min))
  if (opts.max) s = s.max(opts.max, MESSAGES.maxLength(opts.max))
  return s
}

export function optionalText(opts: { max?: number } = {}) {
  let s = trimmed()
  if (opts.max) s = s.max(opts.max, MESSAGES.maxLength(opts.max))
  return s.optional()
}

export const emailField = () =>
  trimmed()
    .min(1, MESSAGES.required)
    .max(254, MESSAGES.maxLength(254))
    .pipe(z.email({ error: MESSAGES.email }))
    .transform((v) => v.toLowerCase())

export const digitsField = (length?: number) => {
  let s = trimmed().min(1, MESSAGES.required).regex(/^\d+$/, MESSAGES.numbers)
  if (length) s = s.min(length, MESSAGES.minLength(length)).max(length, MESSAGES.maxLength(length))
  return s
}

export const integerField = () =>
  trimmed()
    .min(1, MESSAGES.required)
    .regex(/^-?\d+$/, MESSAGES.integer)
    .transform((v) => Number.parseInt(v, 10))

export const uppercaseField = () =>
  trimmed()
    .min(1, MESSAGES.required)
    .regex(/^[A-Z]+$/, MESSAGES.uppercase)

export const hexColorField = () => trimmed().min(1, MESSAGES.required).refine(isHexColor, MESSAGES.invalidFormat)

/** The six-digit login code (reference §8.2: 6 digits). */
export const loginCodeField = () => digitsField(6)

/** A path to come back to after a step (sign-in, checkout); checked for same-origin where it is used. */
export const returnPathField = () => z.string().max(2048).optional()

/** "field: message" list for API 400 answers. */
export function describeZodError(error: z.ZodError): { error: string; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  const [first] = error.issues
  const name = first?.path.length ? first.path.join('.') : 'body'
  return { error: `${name}: ${first?.message ?? MESSAGES.invalidFormat}`, fields }
}
