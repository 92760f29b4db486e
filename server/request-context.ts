import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The request a piece of work belongs to, carried through its async calls: every log line written
 * while serving it names its id (server/log.ts), as does the X-Request-Id header of its answer.
 */
const current = new AsyncLocalStorage<{ requestId: string }>()

export const runInRequest = <T>(requestId: string, fn: () => T): T => current.run({ requestId }, fn)
export const currentRequestId = (): string | undefined => current.getStore()?.requestId
