import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { ApiDeps } from '../../context'
import { hmac, randomLoginCode, randomToken, safeEqualHex, sha256 } from '../../crypto'
import { loginCodes, sessions, users } from '../../db/schema'
import { AUTH_RATE_LIMIT, LOGIN_CODE, SESSION_TTL_SECONDS, resendWaitMessage } from '../../domain/accounts'
import { HttpError, badRequest, tooManyRequests } from '../../http/http-error'
import { hit, peek } from '../../http/rate-limit'
import { log } from '../../log'
import { createUser, findUserByEmail, isAdminEmail, toPublicUser, type UserRow } from '../users'

export const TOO_MANY_CODE_REQUESTS = 'Too many sign-in requests from your network. Please try again in a few minutes.'

const codeHash = (deps: ApiDeps, email: string, code: string) => hmac(deps.env.AUTH_SECRET, `code:${email}:${code}`)
const linkHash = (deps: ApiDeps, token: string) => hmac(deps.env.AUTH_SECRET, `link:${token}`)

export interface SendCodeInput {
  email: string
  name?: string
  invited_by?: string
}

/**
 * Issues a new code for the e-mail (replacing any earlier one) unless one was issued less than
 * 30 s ago. One atomic upsert decides, so parallel requests cannot both send. Answers the same
 * whether or not the e-mail has an account.
 */
export async function sendLoginCode(deps: ApiDeps, input: SendCodeInput, clientIp: string) {
  const now = deps.clock()
  const { db } = deps.database
  const perIp = await hit(db, `send-code:ip:${clientIp}`, AUTH_RATE_LIMIT.windowMs, now)
  if (perIp.count > deps.env.AUTH_RATE_LIMIT_PER_IP) {
    throw tooManyRequests(TOO_MANY_CODE_REQUESTS, perIp.resetIn)
  }

  const code = randomLoginCode()
  const linkToken = randomToken('', 24)
  const waitCutoff = new Date(now.getTime() - LOGIN_CODE.resendWaitSeconds * 1000)
  const row = {
    codeHash: codeHash(deps, input.email, code),
    linkTokenHash: linkHash(deps, linkToken),
    name: input.name ?? null,
    invitedBy: input.invited_by ?? null,
    attempts: 0,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_CODE.lifetimeMs),
    usedAt: null,
  }
  const issued = await db
    .insert(loginCodes)
    .values({ email: input.email, ...row })
    .onConflictDoUpdate({ target: loginCodes.email, set: row, setWhere: lte(loginCodes.requestedAt, waitCutoff) })
    .returning({ email: loginCodes.email })

  if (issued.length === 0) {
    const [last] = await db.select({ at: loginCodes.requestedAt }).from(loginCodes).where(eq(loginCodes.email, input.email))
    const remaining = Math.max(1, Math.ceil((last.at.getTime() + LOGIN_CODE.resendWaitSeconds * 1000 - now.getTime()) / 1000))
    throw tooManyRequests(resendWaitMessage(remaining), remaining)
  }

  const link = `${deps.env.PUBLIC_URL}/account/auto_login?token=${encodeURIComponent(linkToken)}`
  try {
    await deps.mailer.sendLoginCode({ to: input.email, code, link })
  } catch (error) {
    // Let the person ask again at once rather than wait for a code they never got.
    await db.delete(loginCodes).where(eq(loginCodes.email, input.email))
    log.warn('login code e-mail failed', { error: (error as Error).message })
    throw new HttpError(502, "We couldn't send the e-mail just now. Please try again in a minute.")
  }
  return { ok: true as const, retry_after: LOGIN_CODE.resendWaitSeconds }
}

const WRONG_OR_EXPIRED = 'This code has expired or was already used. Please request a new one.'

/** Checks a typed code. Five wrong tries kill the code; ten failures in 15 min lock the e-mail. */
export async function verifyLoginCode(deps: ApiDeps, email: string, code: string, clientIp: string, userAgent?: string) {
  const now = deps.clock()
  const { db } = deps.database
  const perIp = await hit(db, `verify:ip:${clientIp}`, AUTH_RATE_LIMIT.windowMs, now)
  if (perIp.count > deps.env.AUTH_RATE_LIMIT_PER_IP * AUTH_RATE_LIMIT.verifyFactor)
    throw tooManyRequests('Too many attempts from your network. Please try again later.', perIp.resetIn)
  const budgetKey = `verify-fail:${email}`
  const budget = await peek(db, budgetKey, LOGIN_CODE.failureWindowMs, now)
  if (budget.count >= LOGIN_CODE.failureBudget) {
    throw tooManyRequests('Too many wrong codes for this e-mail. Please wait 15 minutes, then request a new code.', budget.resetIn)
  }

  // Each guess first takes one of the code's tries in a single conditional update, so parallel
  // guesses can never be checked against the code more than LOGIN_CODE.maxAttempts times.
  const [row] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(
      and(
        eq(loginCodes.email, email),
        isNull(loginCodes.usedAt),
        gt(loginCodes.expiresAt, now),
        lt(loginCodes.attempts, LOGIN_CODE.maxAttempts),
      ),
    )
    .returning()
  if (!row) throw badRequest(WRONG_OR_EXPIRED)

  if (!safeEqualHex(row.codeHash, codeHash(deps, email, code))) {
    await hit(db, budgetKey, LOGIN_CODE.failureWindowMs, now)
    const left = LOGIN_CODE.maxAttempts - row.attempts
    throw badRequest(
      left > 0
        ? `That code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
        : 'That code is not correct. Please request a new code.',
      { field: 'code' },
    )
  }
  // This right guess has taken its try already.
  return consumeAndSignIn(deps, eq(loginCodes.email, email), LOGIN_CODE.maxAttempts, userAgent)
}

/** The one-click link from the e-mail. */
export async function autoLogin(deps: ApiDeps, token: string, userAgent?: string) {
  return consumeAndSignIn(deps, eq(loginCodes.linkTokenHash, linkHash(deps, token)), LOGIN_CODE.maxAttempts - 1, userAgent)
}

/** Uses the code once; `attemptsAllowed` is the most tries it may show (five wrong guesses kill the link too). */
async function consumeAndSignIn(deps: ApiDeps, which: ReturnType<typeof eq>, attemptsAllowed: number, userAgent?: string) {
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    // Single use: only one request can flip used_at.
    const [code] = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(and(which, isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now), lte(loginCodes.attempts, attemptsAllowed)))
      .returning()
    if (!code) throw badRequest(WRONG_OR_EXPIRED)
    const existing = await findUserByEmail(tx, code.email)
    const user =
      existing ??
      (await createUser(
        tx,
        { email: code.email, name: code.name, invitedBy: code.invitedBy, admin: isAdminEmail(code.email, deps.env.ADMIN_EMAILS) },
        now,
      ))
    return issueSession(tx, deps, user, { userAgent, newAccount: !existing })
  })
}

/** A session for `user`; `newAccount` says this sign-in created the account (after the e-mail was proven, so it reveals nothing). */
export async function issueSession(
  tx: Parameters<typeof findUserByEmail>[0],
  deps: ApiDeps,
  user: UserRow,
  opts: { userAgent?: string; newAccount: boolean },
) {
  const { userAgent, newAccount } = opts
  if (user.status !== 'active') throw new HttpError(403, 'This account is disabled. Please contact support.')
  const now = deps.clock()
  const token = randomToken('pwt_')
  await tx.insert(sessions).values({
    userId: user.id,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
  return {
    access_token: token,
    expires_in: SESSION_TTL_SECONDS,
    token_type: 'bearer' as const,
    user: toPublicUser(user, deps.env),
    new_account: newAccount,
  }
}

/** Resolves a bearer token (session or API key) to its user, or null. */
export async function authenticateToken(deps: ApiDeps, token: string): Promise<{ user: UserRow; sessionId: number | null } | null> {
  const { db } = deps.database
  const hash = sha256(token)
  if (token.startsWith('pwk_')) {
    const [user] = await db.select().from(users).where(eq(users.apiKeyHash, hash))
    return user && user.status === 'active' ? { user, sessionId: null } : null
  }
  const [row] = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, deps.clock())))
  return row && row.user.status === 'active' ? row : null
}

export async function revokeSession(deps: ApiDeps, sessionId: number) {
  await deps.database.db.update(sessions).set({ revokedAt: deps.clock() }).where(eq(sessions.id, sessionId))
}

/** Housekeeping for the worker: drops codes and sessions nobody can use any more. */
export async function deleteExpiredCredentials(deps: ApiDeps) {
  const { db } = deps.database
  const now = deps.clock()
  const dayAgo = new Date(now.getTime() - 86_400_000)
  await db.delete(loginCodes).where(lte(loginCodes.expiresAt, dayAgo))
  await db.delete(sessions).where(or(lte(sessions.expiresAt, now), lte(sessions.revokedAt, dayAgo)))
}
