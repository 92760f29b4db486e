import { eq, sql } from 'drizzle-orm'
import { contract } from '../../contract'
import { onboardingAnswers, users } from '../../db/schema'
import { contractRouter, implement } from '../../http/implement'
import { newApiKey, toPublicUser } from '../users'
import { googleSignIn } from './google'
import { autoLogin, revokeSession, sendLoginCode, verifyLoginCode } from './service'

const { auth } = contract
export const authRoutes = contractRouter()

implement(authRoutes, auth.sendCode, async (c) => c.json(await sendLoginCode(c.var.deps, c.req.valid('json'), c.var.clientIp), 200))

implement(authRoutes, auth.verify, async (c) => {
  const { email, code } = c.req.valid('json')
  return c.json(await verifyLoginCode(c.var.deps, email, code, c.var.clientIp, c.req.header('user-agent')), 200)
})

implement(authRoutes, auth.autoLogin, async (c) =>
  c.json(await autoLogin(c.var.deps, c.req.valid('json').token, c.req.header('user-agent')), 200),
)

implement(authRoutes, auth.google, async (c) => {
  const { id_token, invited_by } = c.req.valid('json')
  return c.json(await googleSignIn(c.var.deps, id_token, invited_by, c.req.header('user-agent')), 200)
})

implement(authRoutes, auth.logout, async (c) => {
  if (c.var.sessionId) await revokeSession(c.var.deps, c.var.sessionId)
  return c.json({ ok: true as const }, 200)
})

implement(authRoutes, auth.me, (c) => c.json(toPublicUser(c.var.user, c.var.deps.env), 200))
implement(authRoutes, auth.meGet, (c) => c.json(toPublicUser(c.var.user, c.var.deps.env), 200))

implement(authRoutes, auth.updateQuestionAndAnswer, async (c) => {
  const { question, answer } = c.req.valid('json')
  const now = c.var.deps.clock()
  await c.var.deps.database.db
    .insert(onboardingAnswers)
    .values({ userId: c.var.user.id, question, answer, updatedAt: now })
    .onConflictDoUpdate({
      target: [onboardingAnswers.userId, onboardingAnswers.question],
      set: { answer: sql`excluded.answer`, updatedAt: now },
    })
  return c.json({ ok: true as const }, 200)
})

implement(authRoutes, auth.updateClid, async (c) => {
  const { gclid, fbclid } = c.req.valid('json')
  const [row] = await c.var.deps.database.db
    .update(users)
    .set({ ...(gclid ? { gclid } : {}), ...(fbclid ? { fbclid } : {}), updatedAt: c.var.deps.clock() })
    .where(eq(users.id, c.var.user.id))
    .returning()
  return c.json({ ok: true as const, gclid: row.gclid, fbclid: row.fbclid }, 200)
})

implement(authRoutes, auth.createApiKey, async (c) => {
  // Shown once: only its hash is kept.
  const key = newApiKey()
  await c.var.deps.database.db
    .update(users)
    .set({ apiKeyHash: key.hash, apiKeyHint: key.hint, updatedAt: c.var.deps.clock() })
    .where(eq(users.id, c.var.user.id))
  return c.json({ api_key: key.key, api_key_hint: key.hint }, 200)
})
