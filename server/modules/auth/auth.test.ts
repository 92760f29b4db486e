import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../../tests/helpers/api'
import { DB_KINDS } from '../../../tests/helpers/db'
import { deleteExpiredCredentials } from './service'

describe.each(DB_KINDS)('auth api on %s', (kind) => {
  let t: TestApi
  beforeAll(async () => {
    t = await createTestApi(kind)
  })
  afterAll(() => t.close())

  it('sends a six-digit code and a one-click link', async () => {
    const res = await t.call('POST', '/v2/auth/send-code', { email: 'Ana@Example.com', name: 'Ana Lima' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, retry_after: 30 })
    const mail = t.mails.at(-1)!
    expect(mail.to).toBe('ana@example.com')
    expect(mail.code).toMatch(/^\d{6}$/)
    expect(mail.link).toMatch(/^http:\/\/pagewright\.test\/account\/auto_login\?token=/)
  })

  it('refuses a second request within 30 s with the remaining whole seconds', async () => {
    t.clock.advance(12_400)
    const res = await t.call('POST', '/v2/auth/send-code', { email: 'ana@example.com' })
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ error: 'Please wait 18 seconds before requesting again.', retry_after: 18 })
    expect(res.headers.get('retry-after')).toBe('18')
  })

  it('answers the same for an e-mail with and without an account', async () => {
    const a = await t.call('POST', '/v2/auth/send-code', { email: 'nobody@example.com' })
    await t.signIn('someone@example.com')
    const b = await t.call('POST', '/v2/auth/send-code', { email: 'someone@example.com' })
    expect(a.status).toBe(b.status)
    expect(a.body).toEqual(b.body)
  })

  it('names the field on invalid input', async () => {
    const res = await t.call('POST', '/v2/auth/send-code', { email: 'nope' })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('email: Please enter a valid email')
    const bad = await t.call('POST', '/v2/auth/verify', { email: 'ana@example.com', code: '12a456' })
    expect(bad.body.error).toBe('code: This field can only contain numbers')
  })

  it('verifies a code into a new free account with a 30-day bearer token', async () => {
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email: 'new@example.com', name: 'Nia Okafor' })
    const res = await t.call('POST', '/v2/auth/verify', { email: 'new@example.com', code: t.mails.at(-1)!.code })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ expires_in: 2592000, token_type: 'bearer', new_account: true })
    expect(res.body.access_token).toMatch(/^pwt_/)
    expect(res.body.user).toMatchObject({
      email: 'new@example.com',
      name: 'Nia Okafor',
      first_name: 'Nia',
      last_name: 'Okafor',
      role: 'free',
      remaining_credit_count: 200,
      publish_pages_count: 1,
    })
    expect(res.body.user.invitation_code).toMatch(/^[A-Z2-9]{8}$/)
    expect(res.body.user.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.body.user.api_key_hint).toMatch(/^pwk_…/)
    expect(JSON.stringify(res.body.user)).not.toMatch(/api_key_hash|code_hash|token_hash/)
    const me = await t.call('POST', '/v2/auth/me', {}, res.body.access_token)
    expect(me.status).toBe(200)
    expect(me.body.email).toBe('new@example.com')

    // Signing in again (code or e-mail link) is not a new account.
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email: 'new@example.com' })
    const again = await t.call('POST', '/v2/auth/verify', { email: 'new@example.com', code: t.mails.at(-1)!.code })
    expect(again.body).toMatchObject({ new_account: false, user: { id: res.body.user.id } })
  })

  it('codes are single use', async () => {
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email: 'once@example.com' })
    const code = t.mails.at(-1)!.code
    expect((await t.call('POST', '/v2/auth/verify', { email: 'once@example.com', code })).status).toBe(200)
    const again = await t.call('POST', '/v2/auth/verify', { email: 'once@example.com', code })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('This code has expired or was already used. Please request a new one.')
  })

  it('codes expire after 10 minutes', async () => {
    await t.call('POST', '/v2/auth/send-code', { email: 'late@example.com' })
    const code = t.mails.at(-1)!.code
    t.clock.advance(10 * 60_000 + 1)
    const res = await t.call('POST', '/v2/auth/verify', { email: 'late@example.com', code })
    expect(res.status).toBe(400)
  })

  it('five wrong tries kill the code, even the right one afterwards', async () => {
    await t.call('POST', '/v2/auth/send-code', { email: 'guess@example.com' })
    const code = t.mails.at(-1)!.code
    const wrong = code === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 5; i++)
      answers.push((await t.call('POST', '/v2/auth/verify', { email: 'guess@example.com', code: wrong })).body.error)
    expect(answers[0]).toBe('That code is not correct. You have 4 tries left.')
    expect(answers[3]).toBe('That code is not correct. You have 1 try left.')
    expect(answers[4]).toBe('That code is not correct. Please request a new code.')
    const right = await t.call('POST', '/v2/auth/verify', { email: 'guess@example.com', code })
    expect(right.status).toBe(400)
  })

  it('40 parallel wrong guesses are checked against the code at most five times', async () => {
    const email = 'parallel@example.com'
    await t.call('POST', '/v2/auth/send-code', { email })
    const code = t.mails.at(-1)!.code
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))
    const answers = await Promise.all(guesses.map((guess) => t.call('POST', '/v2/auth/verify', { email, code: guess })))
    expect(answers.every((a) => a.status === 400)).toBe(true)
    const checked = answers.filter((a) => /not correct/.test(a.body.error))
    expect(checked).toHaveLength(5)
    expect(answers.filter((a) => /expired or was already used/.test(a.body.error))).toHaveLength(35)
    // The code is dead: even the right one is refused now.
    expect((await t.call('POST', '/v2/auth/verify', { email, code })).status).toBe(400)
  })

  it('ten failures in 15 minutes lock the e-mail whatever the code', async () => {
    const email = 'budget@example.com'
    for (let round = 0; round < 2; round++) {
      t.clock.advance(31_000)
      await t.call('POST', '/v2/auth/send-code', { email })
      const wrong = t.mails.at(-1)!.code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await t.call('POST', '/v2/auth/verify', { email, code: wrong })
    }
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email })
    const locked = await t.call('POST', '/v2/auth/verify', { email, code: t.mails.at(-1)!.code })
    expect(locked.status).toBe(429)
    expect(locked.body.error).toMatch(/Too many wrong codes/)
    t.clock.advance(15 * 60_000)
    await t.call('POST', '/v2/auth/send-code', { email })
    expect((await t.call('POST', '/v2/auth/verify', { email, code: t.mails.at(-1)!.code })).status).toBe(200)
  })

  it('a resend replaces the old code', async () => {
    await t.call('POST', '/v2/auth/send-code', { email: 'resend@example.com' })
    const first = t.mails.at(-1)!.code
    t.clock.advance(30_000)
    expect((await t.call('POST', '/v2/auth/send-code', { email: 'resend@example.com' })).status).toBe(200)
    const second = t.mails.at(-1)!.code
    if (first !== second) {
      expect((await t.call('POST', '/v2/auth/verify', { email: 'resend@example.com', code: first })).status).toBe(400)
    }
    expect((await t.call('POST', '/v2/auth/verify', { email: 'resend@example.com', code: second })).status).toBe(200)
  })

  it('auto-login with the e-mail link works once', async () => {
    t.clock.advance(31_000)
    await t.call('POST', '/v2/auth/send-code', { email: 'link@example.com' })
    const token = new URL(t.mails.at(-1)!.link).searchParams.get('token')!
    const res = await t.call('POST', '/v2/auth/auto-login', { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ new_account: true, user: { email: 'link@example.com' } })
    expect((await t.call('POST', '/v2/auth/auto-login', { token })).status).toBe(400)
  })

  it('logout revokes the token; unknown tokens are 401', async () => {
    const { token } = await t.signIn('bye@example.com')
    expect((await t.call('POST', '/v2/auth/logout', {}, token)).status).toBe(200)
    const me = await t.call('POST', '/v2/auth/me', {}, token)
    expect(me.status).toBe(401)
    expect(me.body).toEqual({ error: 'Your session has ended. Please sign in again.' })
    expect((await t.call('POST', '/v2/auth/me', {}, 'pwt_made_up')).status).toBe(401)
    expect((await t.call('POST', '/v2/auth/me')).status).toBe(401)
  })

  it('tokens expire after 30 days', async () => {
    const { token } = await t.signIn('month@example.com')
    t.clock.advance(2592000 * 1000)
    expect((await t.call('POST', '/v2/auth/me', {}, token)).status).toBe(401)
  })

  it('records the inviter of an account that came through a referral link', async () => {
    const inviter = await t.signIn('inviter@example.com')
    await t.call('POST', '/v2/auth/send-code', { email: 'invitee@example.com', invited_by: inviter.user.invitation_code })
    await t.call('POST', '/v2/auth/verify', { email: 'invitee@example.com', code: t.mails.at(-1)!.code })
    const rows = await t.db.database.sql.executeSql(
      'SELECT i.email AS inviter, e.email AS invitee FROM referrals r JOIN users i ON i.id = r.inviter_id JOIN users e ON e.id = r.invitee_id',
      [],
    )
    expect(rows.rows).toEqual([{ inviter: 'inviter@example.com', invitee: 'invitee@example.com' }])
  })

  it('stores onboarding answers and click ids', async () => {
    const { token } = await t.signIn('onboard@example.com')
    expect(
      (await t.call('POST', '/v2/auth/update-question-and-answer', { question: 'What do you sell?', answer: 'Mugs' }, token)).status,
    ).toBe(200)
    expect(
      (await t.call('POST', '/v2/auth/update-question-and-answer', { question: 'What do you sell?', answer: 'Teapots' }, token)).status,
    ).toBe(200)
    const { rows } = await t.db.database.sql.executeSql('SELECT question, answer FROM onboarding_answers', [])
    expect(rows).toEqual([{ question: 'What do you sell?', answer: 'Teapots' }])
    const clid = await t.call('POST', '/v2/auth/update-clid', { gclid: 'g-123' }, token)
    expect(clid.body).toMatchObject({ ok: true, gclid: 'g-123', fbclid: null })
    expect((await t.call('POST', '/v2/auth/update-clid', {}, token)).status).toBe(400)
  })

  it('an API key authenticates and is shown only once', async () => {
    const { token } = await t.signIn('keys@example.com')
    const res = await t.call('POST', '/v2/auth/api-key', {}, token)
    expect(res.body.api_key).toMatch(/^pwk_/)
    const me = await t.call('GET', '/v2/auth/me', undefined, res.body.api_key)
    expect(me.body.email).toBe('keys@example.com')
    expect(me.body.api_key_hint).toBe(res.body.api_key_hint)
  })

  it('non-JSON bodies and unknown endpoints get an error body', async () => {
    const res = await t.app.fetch(new Request('http://api.test/v2/auth/send-code', { method: 'POST', body: '{oops' }), { inProcess: true })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'The request body must be JSON.' })
    const missing = await t.call('GET', '/v2/nothing-here')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatch(/No such endpoint/)
  })
})

describe('ADMIN_EMAILS', () => {
  it('makes staff accounts admins at sign-up, by address or by "@domain"', async () => {
    const t = await createTestApi('pglite', {}, { ADMIN_EMAILS: 'boss@example.com, @support.example.com' })
    try {
      expect((await t.signIn('boss@example.com')).user.role).toBe('admin')
      expect((await t.signIn('ana@support.example.com')).user.role).toBe('admin')
      expect((await t.signIn('ana@example.com')).user.role).toBe('free')
      expect((await t.signIn('x@notsupport.example.com')).user.role).toBe('free')
    } finally {
      await t.close()
    }
  })
})

describe('per-address limits', () => {
  it('refuses more code requests from one address than AUTH_RATE_LIMIT_PER_IP in 10 minutes', async () => {
    const t = await createTestApi('pglite', {}, { AUTH_RATE_LIMIT_PER_IP: '3' })
    const send = (email: string) =>
      t.app.fetch(
        new Request('http://api.test/v2/auth/send-code', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
          body: JSON.stringify({ email }),
        }),
        { inProcess: true },
      )
    try {
      for (const n of [1, 2, 3]) expect((await send(`n${n}@example.com`)).status).toBe(200)
      const fourth = await send('n4@example.com')
      expect(fourth.status).toBe(429)
      expect((await fourth.json()).error).toBe('Too many sign-in requests from your network. Please try again in a few minutes.')
      t.clock.advance(10 * 60_000)
      expect((await send('n5@example.com')).status).toBe(200)
    } finally {
      await t.close()
    }
  })
})

describe('housekeeping', () => {
  it('forgets expired sessions and day-old codes, keeps live ones', async () => {
    const t = await createTestApi('pglite')
    const count = async (table: string) => (await t.db.database.sql.executeSql(`SELECT count(*)::int AS n FROM ${table}`, [])).rows[0].n
    try {
      await t.signIn('old@example.com')
      t.clock.advance(31 * 86_400_000)
      await t.signIn('new@example.com')
      expect(await count('sessions')).toBe(2)
      await deleteExpiredCredentials(t.deps)
      expect(await count('sessions')).toBe(1)
      expect(await count('login_codes')).toBe(1)
    } finally {
      await t.close()
    }
  })
})
