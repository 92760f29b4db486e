/** Where shoppers see a shared page (spec §2 /share/{id}). */
export const sharePath = (sessionId: string) => `/share/${sessionId}`

/** The full link an owner copies: the public address of the app, then the share path. */
export const shareUrl = (publicUrl: string, sessionId: string) => `${publicUrl.replace(/\/+$/, '')}${sharePath(sessionId)}`
