import { eq } from 'drizzle-orm'
import type { createRemoteJWKSet } from 'jose'
import type { ApiDeps } from '../../context'
import { users } from '../../db/schema'
import { HttpError, badRequest } from '../../http/http-error'
import { createUser, findUserByEmail, isAdminEmail } from '../users'
import { issueSession } from './service'

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com']
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

/**
 * Signs in with a Google ID token the web got from Google's token endpoint. The api checks the
 * token itself (signature against Google's keys, issuer, audience = our client id), so a client
 * cannot claim a Google identity it does not have.
 */
export async function googleSignIn(deps: ApiDeps, idToken: string, invitedBy?: string, userAgent?: string) {
  const clientId = deps.env.GOOGLE_CLIENT_ID
  if (!clientId || !deps.env.GOOGLE_CLIENT_SECRET) throw badRequest('Google sign-in is not configured.')
  // jose loads with the first Google sign-in, not with the server (issue 24).
  const { createRemoteJWKSet, jwtVerify } = await import('jose')
  const jwksUrl = deps.googleJwksUrl ?? 'https://www.googleapis.com/oauth2/v3/certs'
  let jwks = jwksCache.get(jwksUrl)
  if (!jwks) jwksCache.set(jwksUrl, (jwks = createRemoteJWKSet(new URL(jwksUrl))))

  let claims: { sub?: string; email?: string; email_verified?: boolean; name?: string }
  try {
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      currentDate: deps.clock(),
    })
    claims = payload as typeof claims
  } catch {
    throw new HttpError(401, 'Google sign-in failed. Please try again.')
  }
  if (!claims.sub || !claims.email || claims.email_verified !== true) {
    throw badRequest('Your Google account has no verified e-mail address.')
  }
  const email = claims.email.toLowerCase()
  const now = deps.clock()
  return deps.database.db.transaction(async (tx) => {
    let [user] = await tx.select().from(users).where(eq(users.googleId, claims.sub!))
    let newAccount = false
    if (!user) {
      const byEmail = await findUserByEmail(tx, email)
      if (byEmail) {
        ;[user] = await tx.update(users).set({ googleId: claims.sub!, updatedAt: now }).where(eq(users.id, byEmail.id)).returning()
      } else {
        user = await createUser(
          tx,
          { email, name: claims.name, googleId: claims.sub, invitedBy, admin: isAdminEmail(email, deps.env.ADMIN_EMAILS) },
          now,
        )
        newAccount = true
      }
    }
    return issueSession(tx, deps, user, { userAgent, newAccount })
  })
}
