/** Retry policy of the upstream client (reference §9.1). */
export const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504])

/** 0 retries for POST, PUT, PATCH and DELETE; 1 for other methods. */
export function retriesFor(method: string): number {
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method.toUpperCase()) ? 0 : 1
}

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt < retriesFor(method) && RETRY_STATUSES.has(status)
}
