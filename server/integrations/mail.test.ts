import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../../tests/helpers/api'
import { startSmtpListener, type ReceivedMail } from '../../tests/helpers/smtp'
import { createMailer } from './mail'

/** A real SMTP listener receives the code e-mail the api sends through nodemailer. */
describe('login code e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  let received: ReceivedMail[]
  let t: TestApi

  beforeAll(async () => {
    smtp = await startSmtpListener()
    received = smtp.mails
    const port = smtp.port
    t = await createTestApi('pglite', {
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Pagewright <login@pagewright.test>' }),
    })
  })
  afterAll(async () => {
    await t.close()
    await smtp.close()
  })

  it('delivers a code that signs the person in', async () => {
    const res = await t.call('POST', '/v2/auth/send-code', { email: 'smtp@example.com', name: 'Sam' })
    expect(res.status).toBe(200)
    expect(received).toHaveLength(1)
    const mail = received[0]
    expect(mail.to).toEqual(['smtp@example.com'])
    const text = mail.raw.replace(/=\r?\n/g, '')
    expect(text).toMatch(/^Subject: \d{6} is your Pagewright code/m)
    expect(text).toContain('From: Pagewright <login@pagewright.test>')
    const code = /sign-in code is (\d{6})/.exec(text)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(text).toContain('http://pagewright.test/account/auto_login?token=')
    const verified = await t.call('POST', '/v2/auth/verify', { email: 'smtp@example.com', code })
    expect(verified.status).toBe(200)
    expect(verified.body.user.name).toBe('Sam')
  })

  it('an unreachable SMTP server is a clear 502 and the person may ask again at once', async () => {
    const broken = await createTestApi('pglite', { mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' }) })
    try {
      const res = await broken.call('POST', '/v2/auth/send-code', { email: 'down@example.com' })
      expect(res.status).toBe(502)
      expect(res.body.error).toBe("We couldn't send the e-mail just now. Please try again in a minute.")
      const again = await broken.call('POST', '/v2/auth/send-code', { email: 'down@example.com' })
      expect(again.status).toBe(502)
    } finally {
      await broken.close()
    }
  })
})
