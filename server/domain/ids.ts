/** A task's public key (`session_id`, reference §4) is a UUID; anything else names no task. */
const SESSION_ID = /^[0-9a-f-]{36}$/i

export const isSessionId = (value: string) => SESSION_ID.test(value)
