import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export const randomToken = (prefix = '', bytes = 32) => `${prefix}${randomBytes(bytes).toString('base64url')}`
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex')

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Six digits from a CSPRNG, leading zeros kept. */
export const randomLoginCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0')

// No 0/O or 1/I: invitation codes are read aloud and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function randomInvitationCode(length = 8): string {
  let out = ''
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]
  return out
}
