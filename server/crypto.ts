import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

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

/**
 * Secrets at rest (shop access tokens): AES-256-GCM with a fresh 12-byte IV, written as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). Opening with the wrong key or a tampered value throws.
 */
export function sealSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

/** Constant-time comparison of two base64 HMACs (webhook signatures). */
export function safeEqualBase64(a: string, b: string): boolean {
  const x = Buffer.from(a, 'base64')
  const y = Buffer.from(b, 'base64')
  return x.length > 0 && x.length === y.length && timingSafeEqual(x, y)
}
