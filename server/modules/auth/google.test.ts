import { exportJWK, generateKeyPair, SignJWT } from 'jose'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'

const JWKS_URL = 'https://google-keys.test/certs'
const CLIENT_ID = 'pagewright-test.apps.googleusercontent.com'

describe('Google sign-in (api checks the ID token itself)', () => {
  let t: TestApi
  let unconfigured: TestApi
  let sign: (claims: Record<string, unknown>, opts?: { aud?: string; iss?: string }) => Promise<string>
  const msw = setupServer()

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256')
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
    msw.use(http.get(JWKS_URL, () => HttpResponse.json({ keys: [jwk] })))
    msw.listen({ onUnhandledRequest: 'bypass' })
    t = await createTestApi('pglite', { googleJwksUrl: JWKS_URL }, { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'secret' })
    unconfigured = await createTestApi('pglite')
    sign = (claims, opts = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(opts.iss ?? 'https://accounts.google.com')
        .setAudience(opts.aud ?? CLIENT_ID)
        .setIssuedAt(new Date('2026-11-23T09:59:00Z'))
        .setExpirationTime(new Date('2026-11-23T11:00:00Z'))
        .sign(privateKey)
  })
  afterAll(async () => {
    msw.close()
    await t.close()
    await unconfigured.close()
  })

  it('says plainly when it is not configured', async () => {
    const res = await unconfigured.call('POST', '/v2/auth/google', { id_token: 'x' })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Google sign-in is not configured.')
  })

  it('creates an account linked to the Google id', async () => {
    const token = await sign({ sub: 'g-1', email: 'Gia@Example.com', email_verified: true, name: 'Gia Rossi' })
    const res = await t.call('POST', '/v2/auth/google', { id_token: token })
    expect(res.status).toBe(200)
    expect(res.body.user).toMatchObject({
      email: 'gia@example.com',
      google_id: 'g-1',
      first_name: 'Gia',
      role: 'free',
      remaining_credit_count: 200,
    })
    expect(res.body.new_account).toBe(true)
    const again = await t.call('POST', '/v2/auth/google', { id_token: token })
    expect(again.body.user.id).toBe(res.body.user.id)
    expect(again.body.new_account).toBe(false)
  })

  it('links Google to an existing e-mail account', async () => {
    const { user } = await t.signIn('owner@example.com')
    const res = await t.call('POST', '/v2/auth/google', {
      id_token: await sign({ sub: 'g-2', email: 'owner@example.com', email_verified: true }),
    })
    expect(res.body).toMatchObject({ new_account: false, user: { id: user.id, google_id: 'g-2' } })
  })

  it('refuses tokens for another app, from another issuer, or without a verified e-mail', async () => {
    const otherApp = await t.call('POST', '/v2/auth/google', {
      id_token: await sign({ sub: 'g-3', email: 'a@b.co', email_verified: true }, { aud: 'other' }),
    })
    expect(otherApp.status).toBe(401)
    const otherIssuer = await t.call('POST', '/v2/auth/google', {
      id_token: await sign({ sub: 'g-3', email: 'a@b.co', email_verified: true }, { iss: 'https://evil.example' }),
    })
    expect(otherIssuer.status).toBe(401)
    const unverified = await t.call('POST', '/v2/auth/google', {
      id_token: await sign({ sub: 'g-4', email: 'u@b.co', email_verified: false }),
    })
    expect(unverified.status).toBe(400)
    expect((await t.call('POST', '/v2/auth/google', { id_token: 'not-a-jwt' })).status).toBe(401)
  })
})
