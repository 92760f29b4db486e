import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'
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
  request: { body: jsonBody(z.object({ email: emailField(), code: loginCodeField() })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400], 429: ERRORS[429] },
})

export const autoLogin = createRoute({
  method: 'post',
  path: '/v2/auth/auto-login',
  tags,
  summary: 'Exchange the one-click link token from the e-mail for an access token',
  request: { body: jsonBody(z.object({ token: requiredText({ max: 200 }) })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400] },
})

export const google = createRoute({
  method: 'post',
  path: '/v2/auth/google',
  tags,
  summary: 'Sign in with a Google ID token',
  request: { body: jsonBody(z.object({ id_token: requiredText({ max: 4096 }), invited_by: invitationCode })) },
  responses: { 200: json(authResultSchema, 'Signed in.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const logout = createRoute({
  method: 'post',
  path: '/v2/auth/logout',
  tags,
  summary: 'End this session (the token stops working)',
  security: SIGNED_IN,
  responses: { 200: json(okSchema, 'Signed out.'), 401: ERRORS[401] },
})

const meResponses = { 200: json(publicUserSchema, 'The signed-in user.'), 401: ERRORS[401] }
/** Spec §7: POST /v2/auth/me. */
export const me = createRoute({
  method: 'post',
  path: '/v2/auth/me',
  tags,
  summary: 'The signed-in user',
  security: SIGNED_IN,
  responses: meResponses,
})
export const meGet = createRoute({
  method: 'get',
  path: '/v2/auth/me',
  tags,
  summary: 'The signed-in user',
  security: SIGNED_IN,
  responses: meResponses,
})

export const updateQuestionAndAnswer = createRoute({
  method: 'post',
  path: '/v2/auth/update-question-and-answer',
  tags,
  summary: 'Save an answer to an onboarding question',
  security: SIGNED_IN,
  request: { body: jsonBody(z.object({ question: requiredText({ max: 200 }), answer: z.string().trim().max(2000) })) },
  responses: { 200: json(okSchema, 'Saved.'), 400: ERRORS[400], 401: ERRORS[401] },
})

export const updateClid = createRoute({
  method: 'post',
  path: '/v2/auth/update-clid',
  tags,
  summary: 'Record the advertising click ids (gclid, fbclid) the user arrived with',
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
  security: SIGNED_IN,
  responses: { 200: json(z.object({ api_key: z.string(), api_key_hint: z.string() }), 'The new key.'), 401: ERRORS[401] },
})

export const routes = { sendCode, verify, autoLogin, google, logout, me, meGet, updateQuestionAndAnswer, updateClid, createApiKey }
