import { z } from 'zod'
import { guideStart, type GuideFlow } from '../../server/domain/onboarding'
import { safeRedirectPath } from '../../server/domain/routing'
import { signedCookie } from './session'

/**
 * The short-lived UI flags of reference §4 (not persisted: fromLogin, fromSignUp,
 * fromGuideGenerate). They steer where a finished flow lands, and nothing else:
 *
 * - fromSignUp: this sign-in created the account. It lands in its guide (the sign-up link's
 *   `?guide=`, else ONBOARDING_FLOW) unless it was on its way somewhere, and the page its guide
 *   makes greets it with "Your first page is ready" ("… is made" while a free page waits).
 * - fromLogin: an existing account signed in. It goes back where it was going, or home; never into
 *   a guide, and no first-page greeting.
 * - fromGuideGenerate: a guide step started this page (its session_id). When the page is done its
 *   view says what to do next, once.
 *
 * They live in one signed cookie, bound to the account's uuid (another account signing in on the
 * same browser never sees them), each flag with its own time: an hour after it was set it is gone,
 * so coming back later is a plain visit. Nothing about them is stored on the server.
 */
export interface UiFlags {
  fromLogin: boolean
  fromSignUp: boolean
  /** The page a guide step started, while the flag is fresh. */
  fromGuideGenerate: string | null
}

/** What a finished guide page says: a new account's first page, or any guide's page. */
export type GuideFinish = 'firstPage' | 'page'

/** How long a flag lives: long enough to walk a guide and read the outline, short enough that tomorrow is a fresh start. */
export const UI_FLAG_TTL_MS = 60 * 60_000
/** Webs in a scale-out may disagree on the time by a little. */
const CLOCK_SLACK_MS = 60_000

const stamp = z.number().int().nonnegative()
const storedSchema = z.object({
  user: z.string().min(1).max(64),
  entry: z.object({ kind: z.enum(['signUp', 'login']), at: stamp }).optional(),
  guideGenerate: z.object({ id: z.string().min(1).max(100), at: stamp }).optional(),
})
/** The cookie's content (signed; a forged or foreign one reads as no flags). */
export type StoredFlags = z.infer<typeof storedSchema>

const NO_FLAGS: UiFlags = { fromLogin: false, fromSignUp: false, fromGuideGenerate: null }

const fresh = (at: number, now: number) => now - at < UI_FLAG_TTL_MS && at - now < CLOCK_SLACK_MS

/** Only this account's flags, only while fresh. */
export function flagsOf(stored: StoredFlags | null, userUuid: string, now: number): UiFlags {
  if (!stored || stored.user !== userUuid) return NO_FLAGS
  const entry = stored.entry && fresh(stored.entry.at, now) ? stored.entry.kind : null
  const generate = stored.guideGenerate && fresh(stored.guideGenerate.at, now) ? stored.guideGenerate.id : null
  return { fromLogin: entry === 'login', fromSignUp: entry === 'signUp', fromGuideGenerate: generate }
}

/** What a sign-in records: which way the account came in; an earlier account's flags are dropped. */
export const flagsAfterSignIn = (userUuid: string, newAccount: boolean, now: number): StoredFlags => ({
  user: userUuid,
  entry: { kind: newAccount ? 'signUp' : 'login', at: now },
})

/** What starting a page from a guide step records (the way in is kept while fresh). */
export function flagsAfterGuideStart(stored: StoredFlags | null, userUuid: string, sessionId: string, now: number): StoredFlags {
  const kept = pruned(stored, userUuid, now)
  return { ...kept, guideGenerate: { id: sessionId, at: now } }
}

/**
 * The view of a finished page: what it says when a guide started it, and the flags after (the
 * guide's flag and a new account's first-page greeting are spent; `null` clears the cookie).
 */
export function finishGuide(
  stored: StoredFlags | null,
  userUuid: string,
  sessionId: string,
  now: number,
): { finish: GuideFinish | null; next: StoredFlags | null } {
  const flags = flagsOf(stored, userUuid, now)
  if (flags.fromGuideGenerate !== sessionId) return { finish: null, next: stored }
  const kept = pruned(stored, userUuid, now)
  const next: StoredFlags = { user: userUuid, ...(kept.entry?.kind === 'login' ? { entry: kept.entry } : {}) }
  return { finish: flags.fromSignUp ? 'firstPage' : 'page', next: next.entry ? next : null }
}

/** This account's fresh flags only. */
function pruned(stored: StoredFlags | null, userUuid: string, now: number): StoredFlags {
  if (!stored || stored.user !== userUuid) return { user: userUuid }
  return {
    user: userUuid,
    ...(stored.entry && fresh(stored.entry.at, now) ? { entry: stored.entry } : {}),
    ...(stored.guideGenerate && fresh(stored.guideGenerate.at, now) ? { guideGenerate: stored.guideGenerate } : {}),
  }
}

/**
 * Where a sign-in lands: where the person was going (a same-site path) if anywhere; otherwise a
 * new account (fromSignUp) starts its guide — the sign-up link's, else the configured one — and a
 * returning one (fromLogin) goes home, never into a guide.
 */
export function landingAfterSignIn(opts: {
  newAccount: boolean
  redirectTo: string | null | undefined
  guide: GuideFlow | null | undefined
  defaultFlow: GuideFlow | null
}): string {
  const going = safeRedirectPath(opts.redirectTo, '')
  if (going) return going
  const flow = opts.newAccount ? (opts.guide ?? opts.defaultFlow) : null
  return flow ? guideStart(flow) : '/'
}

// The cookie

const flagsCookie = signedCookie('__pw_ui', { maxAgeSeconds: UI_FLAG_TTL_MS / 1000 })

async function readStored(request: Request): Promise<StoredFlags | null> {
  const parsed = storedSchema.safeParse(await flagsCookie().parse(request.headers.get('Cookie')))
  return parsed.success ? parsed.data : null
}

const write = (stored: StoredFlags | null) =>
  stored ? flagsCookie().serialize(stored) : flagsCookie().serialize('', { maxAge: 0, expires: new Date(0) })

/** Set-Cookie for a completed sign-in: fromSignUp or fromLogin. */
export const uiFlagsAfterSignIn = (userUuid: string, newAccount: boolean, now = Date.now()) =>
  write(flagsAfterSignIn(userUuid, newAccount, now))

/** Set-Cookie for a page a guide step started: fromGuideGenerate. */
export async function markGuideGenerate(request: Request, userUuid: string, sessionId: string, now = Date.now()) {
  return write(flagsAfterGuideStart(await readStored(request), userUuid, sessionId, now))
}

/** For the view of a finished page: its guide greeting (once) and the Set-Cookie that spends it. */
export async function takeGuideFinish(
  request: Request,
  userUuid: string,
  sessionId: string,
  now = Date.now(),
): Promise<{ finish: GuideFinish | null; setCookie: string | null }> {
  const stored = await readStored(request)
  const { finish, next } = finishGuide(stored, userUuid, sessionId, now)
  return { finish, setCookie: finish ? await write(next) : null }
}
