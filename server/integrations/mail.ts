import type { Transporter } from 'nodemailer'
import { log } from '../log'

export interface LoginCodeMail {
  to: string
  code: string
  link: string
}

export interface Mailer {
  sendLoginCode(mail: LoginCodeMail): Promise<void>
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it (the embedded default) the code is
 * printed on one clearly marked log line so a developer can sign in; nothing else ever logs a code.
 */
export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async sendLoginCode({ to, code, link }) {
        console.log(`\n==== PAGEWRIGHT LOGIN CODE (no SMTP_URL set) ==== email=${to} code=${code} link=${link}\n`)
      },
    }
  }
  const smtpUrl = opts.smtpUrl
  // nodemailer (~4 MB of heap) loads with the first e-mail sent.
  let transport: Promise<Transporter> | undefined
  // A failed load is tried again with the next e-mail, not remembered.
  const transportOf = () =>
    (transport ??= import('nodemailer')
      .then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
      .catch((error: unknown) => {
        transport = undefined
        throw error
      }))
  return {
    async sendLoginCode({ to, code, link }) {
      await (
        await transportOf()
      ).sendMail({
        from: opts.from,
        to,
        subject: `${code} is your Pagewright code`,
        text: [
          `Your Pagewright sign-in code is ${code}.`,
          '',
          `Or sign in with one click: ${link}`,
          '',
          'The code works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail.',
        ].join('\n'),
        html: `<p>Your Pagewright sign-in code is</p><p style="font-size:28px;font-weight:700;letter-spacing:4px">${code}</p>
<p><a href="${encodeURI(link)}">Sign in with one click</a></p>
<p style="color:#666">The code works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
      })
      log.info('login code e-mail sent')
    },
  }
}
