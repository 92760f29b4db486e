import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import type { ZodType } from 'zod'
import { check, type FieldRule } from '../lib/form'
import { LOGIN_RULES, SIGN_UP_RULES, VERIFY_RULES } from './auth'
import { loginSchema, signUpSchema, verifySchema } from './auth.server'
import { GENERATE_RULES } from './generate'
import { generateSchema } from './generate.server'
import { CONNECT_INTENT, CONNECT_RULES } from './shopify'
import { connectSchema } from './shopify.server'

/** The action's messages for one field of a post. */
function serverMessages(schema: ZodType, fields: Record<string, string>, name: string): string[] {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  const reply = parseWithZod(form, { schema }).reply()
  return reply.error?.[name] ?? []
}

const long = (n: number) => 'x'.repeat(n)

// What the browser refuses, the action refuses too, in the same words (it may say more: the browser checks less).
const cases: [string, ZodType, FieldRule, string, Record<string, string>, string[]][] = [
  [
    'login e-mail',
    loginSchema,
    LOGIN_RULES.email,
    'email',
    {},
    ['', '  ', 'not-an-email', 'a@b', 'a@b.co', ' Ana@Store.com ', `${long(250)}@b.co`],
  ],
  ['sign-up name', signUpSchema, SIGN_UP_RULES.name, 'name', { email: 'a@b.co' }, ['', ' ', 'Ana', long(80), long(81)]],
  ['sign-up e-mail', signUpSchema, SIGN_UP_RULES.email, 'email', { name: 'Ana' }, ['', 'a@', 'a@b.co']],
  ['verify code', verifySchema, VERIFY_RULES.code, 'code', {}, ['', '12ab56', '12a', '1234567', '123456', ' 123456 ', '１２３４５６']],
  [
    'generate link',
    generateSchema,
    GENERATE_RULES.url,
    'url',
    { mode: 'url' },
    ['', 'example.com', 'ftp://x.y', 'https://x.y/p', 'HTTP://X.Y', long(2049)],
  ],
  ['generate text', generateSchema, GENERATE_RULES.text, 'text', { mode: 'text' }, ['', 'too short', long(20), long(20_001)]],
  [
    'connect shop',
    connectSchema,
    CONNECT_RULES.shop,
    'shop',
    { intent: CONNECT_INTENT.connect },
    ['', 'my-store.myshopify.com', long(256)],
  ],
]

describe('browser form rules match the schemas', () => {
  for (const [label, schema, rule, name, rest, values] of cases) {
    it(label, () => {
      for (const value of values) {
        const browser = check(value, rule)
        const server = serverMessages(schema, { ...rest, [name]: value }, name)
        expect({ value, unsaid: browser.filter((m) => !server.includes(m)) }).toEqual({ value, unsaid: [] })
      }
    })
  }

  it('refuses before posting what the action refuses for the usual mistakes', () => {
    expect(check('', LOGIN_RULES.email)).toEqual(['This field is required'])
    expect(check('not-an-email', LOGIN_RULES.email)).toEqual(['Please enter a valid email'])
    expect(check('12ab56', VERIFY_RULES.code)).toEqual(['This field can only contain numbers'])
    expect(check('12a', VERIFY_RULES.code)).toEqual(['This field can only contain numbers', 'This field must be at least 6 characters'])
    expect(check('example.com', GENERATE_RULES.url)).toEqual(['Please enter a full link, starting with https://'])
  })
})
