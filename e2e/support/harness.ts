/**
 * Starts what the end-to-end tests need: an SMTP listener (smtp-server) that keeps received
 * mail in memory and serves it at http://localhost:$E2E_MAILBOX_PORT/last?to=…, and the built app
 * on its own temporary PGlite folder, sending its mail to that listener.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

const port = Number(process.env.E2E_PORT ?? 3100)
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 3199)
const mails: { to: string; text: string }[] = []

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = ''
    stream.on('data', (c) => (raw += c))
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), text: raw })
      done()
    })
  },
})
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
const smtpPort = (smtp.server.address() as { port: number }).port

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const to = url.searchParams.get('to')?.toLowerCase()
  const mail = [...mails].reverse().find((m) => m.to === to)
  res.setHeader('content-type', 'application/json')
  if (!mail) return res.writeHead(404).end('{}')
  // quoted-printable soft breaks would split the link; undo them before matching.
  const text = mail.text.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  res.end(JSON.stringify({ code: /code is (\d{6})/.exec(text)?.[1], link: /(http\S+auto_login\?token=[\w-]+)/.exec(text)?.[1], count: mails.filter((m) => m.to === to).length }))
}).listen(mailboxPort, '127.0.0.1')

const dataDir = mkdtempSync(path.join(tmpdir(), 'pagewright-e2e-'))
const app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'all'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
  },
})
const stop = () => {
  app.kill('SIGTERM')
  smtp.close()
  setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  }, 1500)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', (code) => {
  if (code) process.exit(code)
})
