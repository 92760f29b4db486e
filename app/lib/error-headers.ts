/**
 * What a page keeps of a thrown response's headers: its Retry-After (the api's 503 while its database
 * is away says when to try again, app/.server/responses.ts). Remix hands a thrown response's headers
 * only to the headers function of the route whose boundary shows the error.
 */
export function keptErrorHeaders(errorHeaders: Headers | undefined): Record<string, string> {
  const retryAfter = errorHeaders?.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : {}
}
