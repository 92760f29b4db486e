/**
 * The web's session cookie (signed with SESSION_SECRET, its data holds the api access token `token`).
 * The web makes it (app/.server/session.ts); the api reads it where a page it serves itself needs the
 * signed-in account (the demo shop's admin).
 */
export const WEB_SESSION_COOKIE = '__pw_session'
