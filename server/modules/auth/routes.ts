import { Hono } from 'hono'
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { ApiEnv } from '../../context'
import { onboardingAnswers, users } from '../../db/schema'
import { emailField, loginCodeField, optionalText, requiredText } from '../../domain/validation'
import { requireAuth } from '../../auth-middleware'
import { readJson } from '../../validate'
import { newApiKey, toPublicUser } from '../users/service'
import { autoLogin, revokeSession, sendLoginCode, verifyLoginCode } from './service'
import { googleSignIn } from './google'

const invitationCode = z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/).optional().catch(undefined)

const sendCodeBody = z.object({ email: emailField(), name: optionalText({ max: 80 }), invited_by: invitationCode })
const verifyBody = z.object({ email: emailField(), code: loginCodeField() })
const autoLoginBody = z.object({ token: requiredText({ max: 200 }) })
const googleBody = z.object({ id_token: requiredText({ max: 4096 }), invited_by: invitationCode })
const questionBody = z.object({ question: requiredText({ max: 200 }), answer: z.string().trim().max(2000) })
const clidBody = z
  .object({ gclid: optionalText({ max: 255 }), fbclid: optionalText({ max: 255 }) })
  .refine((b) => b.gclid || b.fbclid, { message: 'Send gclid or fbclid', path: ['gclid'] })

export const authRoutes = new Hono<ApiEnv>({ strict: false })
  .post('/send-code', async (c) => {
    const body = await readJson(c, sendCodeBody)
    return c.json(await sendLoginCode(c.var.deps, body, c.var.clientIp))
  })
  .post('/verify', async (c) => {
    const { email, code } = await readJson(c, verifyBody)
    return c.json(await verifyLoginCode(c.var.deps, email, code, c.var.clientIp, c.req.header('user-agent')))
  })
  .post('/auto-login', async (c) => {
    const { token } = await readJson(c, autoLoginBody)
    return c.json(await autoLogin(c.var.deps, token, c.req.header('user-agent')))
  })
  .post('/google', async (c) => {
    const { id_token, invited_by } = await readJson(c, googleBody)
    return c.json(await googleSignIn(c.var.deps, id_token, invited_by, c.req.header('user-agent')))
  })
  .use('/logout', requireAuth)
  .post('/logout', async (c) => {
    if (c.var.sessionId) await revokeSession(c.var.deps, c.var.sessionId)
    return c.json({ ok: true })
  })
  .use('/me', requireAuth)
  .on(['GET', 'POST'], '/me', (c) => c.json(toPublicUser(c.var.user)))
  .use('/update-question-and-answer', requireAuth)
  .post('/update-question-and-answer', async (c) => {
    const { question, answer } = await readJson(c, questionBody)
    const now = c.var.deps.clock()
    await c.var.deps.database.db
      .insert(onboardingAnswers)
      .values({ userId: c.var.user.id, question, answer, updatedAt: now })
      .onConflictDoUpdate({
        target: [onboardingAnswers.userId, onboardingAnswers.question],
        set: { answer: sql`excluded.answer`, updatedAt: now },
      })
    return c.json({ ok: true })
  })
  .use('/update-clid', requireAuth)
  .post('/update-clid', async (c) => {
    const { gclid, fbclid } = await readJson(c, clidBody)
    const [row] = await c.var.deps.database.db
      .update(users)
      .set({ ...(gclid ? { gclid } : {}), ...(fbclid ? { fbclid } : {}), updatedAt: c.var.deps.clock() })
      .where(eq(users.id, c.var.user.id))
      .returning()
    return c.json({ ok: true, gclid: row.gclid, fbclid: row.fbclid })
  })
  .use('/api-key', requireAuth)
  .post('/api-key', async (c) => {
    // Shown once: only its hash is kept.
    const key = newApiKey()
    await c.var.deps.database.db
      .update(users)
      .set({ apiKeyHash: key.hash, apiKeyHint: key.hint, updatedAt: c.var.deps.clock() })
      .where(eq(users.id, c.var.user.id))
    return c.json({ api_key: key.key, api_key_hint: key.hint })
  })
