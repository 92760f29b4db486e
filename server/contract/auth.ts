import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
import { CREDITS_PER_PAGE } from '../domain/entitlements'
import { emailField, loginCodeField, optionalText, requiredText } from '../domain/validation'
import { ERRORS, SIGNED_IN, json, jsonBody, okSchema } from './common'
import { authResultSchema, publicUserSchema } from './users'

const tags = ['Accounts']
/** An invitation code from a referral link; a malformed one is ignored, never an error. */
const invitationCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/)
  .optional()
  .catch(undefined)
  .meta({ type: 'string', description: 'The invitation code of the referral link the person came through (ignored when malformed).' })

export const sendCode = createRoute({
  method: 'post',
  path: '/v2/auth/send-code',
  tags,
  summary: 'E-mail a 6-digit sign-in code (signs up a new e-mail)',
  description:
    'Passwordless sign-in and sign-up: e-mails a 6-digit code and a one-click link, both good for 10 minutes and used once; an e-mail without an account gets one when the code is verified. The answer is the same whether or not the e-mail has an account. Another code for the same e-mail is refused for 30 seconds, and a network address may ask a limited number of times per 10 minutes (429 with `retry_after`); 502 when the e-mail could not be sent.',
  request: { body: jsonBody(z.object({ email: emailField(), name: optionalText({ max: 80 }), invited_by: invitationCode })) },
  responses: {
    200: json(
      z.object({ ok: z.literal(true), retry_after: z.number().int() }),
      'The code was sent; another may be asked for after `retry_after` seconds.',
    ),
    400: ERRORS[400],
    429: ERRORS[429],
    502: ERRORS[502],
  },
})

export const verify = createRoute({
  method: 'post',
  path: '/v2/auth/verify',
  tags,
  summary: 'Exchange the e-mailed code for an access token',
  description:
    'Checks the code e-mailed for this address and answers an access token valid for 30 days (`expires_in` 2592000), creating the account on first sign-in. Five wrong tries end the code (400 says how many are left); ten wrong codes for one e-mail in 15 minutes, or too many tries from one network address, are a 429. A disabled account is a 403.',
  request: { body: jsonBody(z.object({ email: emailField(), code: loginCodeField() })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400], 403: ERRORS[403], 429: ERRORS[429] },
})

export const autoLogin = createRoute({
  method: 'post',
  path: '/v2/auth/auto-login',
  tags,
  summary: 'Exchange the one-click link token from the e-mail for an access token',
  description:
    'Signs in with the `token` of the link in the sign-in e-mail instead of typing the code: the same code, so it is good for 10 minutes, used once, and spent by a verify too. An expired or used link is a 400; a disabled account a 403.',
  request: { body: jsonBody(z.object({ token: requiredText({ max: 200 }) })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400], 403: ERRORS[403] },
})

export const google = createRoute({
  method: 'post',
  path: '/v2/auth/google',
  tags,
  summary: 'Sign in with a Google ID token',
  description:
    'Signs in (or up) with an ID token from Google; the api checks its signature, issuer and audience itself. An existing account with the same verified e-mail is linked to the Google identity. 400 when Google sign-in is not configured on this server or the Google account has no verified e-mail; 401 when the token does not verify; 403 for a disabled account.',
  request: { body: jsonBody(z.object({ id_token: requiredText({ max: 4096 }), invited_by: invitationCode })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400], 401: ERRORS[401], 403: ERRORS[403] },
})

export const logout = createRoute({
  method: 'post',
  path: '/v2/auth/logout',
  tags,
  summary: 'End this session (the token stops working)',
  description:
    'Revokes the access token this request was made with, at once and for every server. Called with an API key it ends nothing: make a new key to retire the old one.',
  security: SIGNED_IN,
  responses: { 200: json(okSchema, 'Signed out.'), 401: ERRORS[401] },
})

const meResponses = { 200: json(publicUserSchema, 'The signed-in user.'), 401: ERRORS[401] }
/** POST /v2/auth/me (reference §3.2, §9.2). */
export const me = createRoute({
  method: 'post',
  path: '/v2/auth/me',
  tags,
  summary: 'The signed-in user',
  description:
    'The account behind the token or API key: role, plan, credits, publish slots, API key hint and hide window. The same as GET /v2/auth/me (the web polls with the POST).',
  security: SIGNED_IN,
  responses: meResponses,
})
export const meGet = createRoute({
  method: 'get',
  path: '/v2/auth/me',
  tags,
  summary: 'The signed-in user',
  description: `The account behind the token or API key: role, plan, credits, publish slots, API key hint and hide window. Check \`remaining_credit_count\` before generating: a page needs more than ${CREDITS_PER_PAGE}.`,
  security: SIGNED_IN,
  responses: meResponses,
})

export const updateQuestionAndAnswer = createRoute({
  method: 'post',
  path: '/v2/auth/update-question-and-answer',
  tags,
  summary: 'Save an answer to an onboarding question',
  description:
    'Stores the answer to one onboarding question for the account; answering the same question again replaces the earlier answer.',
  security: SIGNED_IN,
  request: { body: jsonBody(z.object({ question: requiredText({ max: 200 }), answer: z.string().trim().max(2000) })) },
  responses: { 200: json(okSchema, 'Saved.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const updateClid = createRoute({
  method: 'post',
  path: '/v2/auth/update-clid',
  tags,
  summary: 'Record the advertising click ids (gclid, fbclid) the user arrived with',
  description:
    'Stores the Google (`gclid`) and/or Meta (`fbclid`) click id the person arrived with; a field left out keeps its earlier value, and at least one must be sent (400).',
  security: SIGNED_IN,
  request: {
    body: jsonBody(
      z
        .object({ gclid: optionalText({ max: 255 }), fbclid: optionalText({ max: 255 }) })
        .refine((b) => b.gclid || b.fbclid, { message: 'Send gclid or fbclid', path: ['gclid'] }),
    ),
  },
  responses: {
    200: json(z.object({ ok: z.literal(true), gclid: z.string().nullable(), fbclid: z.string().nullable() }), 'Saved.'),
    400: ERRORS[400],
    401: ERRORS[401],
  },
})

export const createApiKey = createRoute({
  method: 'post',
  path: '/v2/auth/api-key',
  tags,
  summary: 'Make a new API key (the old one stops working); shown only once',
  description:
    'Makes a new API key (`pwk_…`) for calling the api as this account (`Authorization: Bearer` or `X-API-Key`) and at once invalidates the previous one. Only a hash is kept, so the key is in this answer only; `api_key_hint` identifies it later.',
  security: SIGNED_IN,
  responses: { 200: json(z.object({ api_key: z.string(), api_key_hint: z.string() }), 'The new key.'), 401: ERRORS[401] },
})

export const routes = { sendCode, verify, autoLogin, google, logout, me, meGet, updateQuestionAndAnswer, updateClid, createApiKey }
