import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  MESSAGES,
  describeZodError,
  digitsField,
  emailField,
  hexColorField,
  integerField,
  isHexColor,
  loginCodeField,
  requiredText,
  uppercaseField,
} from './validation'

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value)
  return r.success ? null : r.error.issues[0].message
}

describe('colour rule', () => {
  it.each(['#fff', '#FFFA', '#a1b2c3', '#A1B2C3D4'])('accepts %s', (c) => expect(isHexColor(c)).toBe(true))
  it.each(['fff', '#ff', '#fffff', '#1234567', '#ggg', '#123456789', 'red', '#fff ', ''])('refuses %j', (c) =>
    expect(isHexColor(c)).toBe(false),
  )
  it('gives "Invalid format" in forms', () => expect(messageOf(hexColorField(), '#12')).toBe('Invalid format'))
})

describe('generic messages', () => {
  it('required', () => {
    expect(messageOf(requiredText(), '')).toBe('This field is required')
    expect(messageOf(requiredText(), '   ')).toBe('This field is required')
    expect(messageOf(requiredText(), undefined)).toBe('This field is required')
  })
  it('email', () => {
    expect(messageOf(emailField(), 'not-an-email')).toBe('Please enter a valid email')
    expect(emailField().parse('  Ana@Example.COM ')).toBe('ana@example.com')
  })
  it('numbers only', () => expect(messageOf(digitsField(), '12a')).toBe('This field can only contain numbers'))
  it('integers only', () => {
    expect(messageOf(integerField(), '1.5')).toBe(MESSAGES.integer)
    expect(integerField().parse('42')).toBe(42)
  })
  it('uppercase only', () => expect(messageOf(uppercaseField(), 'USd')).toBe(MESSAGES.uppercase))
  it('length limits', () => {
    expect(messageOf(requiredText({ max: 3 }), 'abcd')).toBe('This field must be at most 3 characters')
    expect(messageOf(requiredText({ min: 3 }), 'ab')).toBe('This field must be at least 3 characters')
  })
  it('login code is exactly six digits', () => {
    expect(loginCodeField().safeParse('123456').success).toBe(true)
    expect(messageOf(loginCodeField(), '12345')).toBe('This field must be at least 6 characters')
    expect(messageOf(loginCodeField(), '1234567')).toBe('This field must be at most 6 characters')
  })
})

describe('describeZodError', () => {
  it('names the field in the error text', () => {
    const r = z.object({ email: emailField() }).safeParse({ email: 'x' })
    expect(r.success).toBe(false)
    if (!r.success)
      expect(describeZodError(r.error)).toEqual({
        error: 'email: Please enter a valid email',
        fields: { email: ['Please enter a valid email'] },
      })
  })
})
