/** A task's public key (spec: session_id) is a UUID; anything else names no task. */
const SESSION_ID = /^[0-9a-f-]{36}$/i

export const isSessionId = (value: string) => SESSION_ID.test(value)
