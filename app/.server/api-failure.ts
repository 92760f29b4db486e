import { ApiError, ApiUnreachableError } from './api'
import { log } from './log'

export const UNREACHABLE = "We couldn't reach the sign-in service. Please try again in a moment."

export interface ApiFailure {
  /** The status the form answer carries: the api's 4xx and 503 (database away) as they are, 502 when the api failed, 503 when unreachable. */
  status: number
  message: string
  /** The form field the api named (its 400s say `field`), or null for the whole form. */
  field: string | null
}

/**
 * How an api failure answers a form, in one place for every action. Anything that is not an api
 * answer or a transport failure is a bug and is thrown on (the error page).
 */
export function apiFailure(error: unknown, unreachable = UNREACHABLE): ApiFailure {
  if (error instanceof ApiError) {
    const field = typeof error.body.field === 'string' ? error.body.field : null
    // The api prefixes 400s with the field name ("url: …"); the form shows the message by the field.
    const message = field ? error.message.replace(new RegExp(`^${field}: `), '') : error.message
    return { status: error.status >= 500 && error.status !== 503 ? 502 : error.status, message, field }
  }
  if (error instanceof ApiUnreachableError) {
    log.warn('api unreachable', { error: String(error.cause) })
    return { status: 503, message: unreachable, field: null }
  }
  throw error
}

/** The same failure as conform reply options: by its field, or for the whole form. */
export function replyErrors(failure: ApiFailure, fieldFallback?: string) {
  const field = failure.field ?? fieldFallback
  return field ? { fieldErrors: { [field]: [failure.message] } } : { formErrors: [failure.message] }
}
