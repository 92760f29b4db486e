import { createRoute } from '@hono/zod-openapi'
import { ERRORS } from './common'

const tags = ['Internal']

const stream = createRoute({
  method: 'get',
  path: '/v2/changes',
  tags,
  summary: 'Change stream for webs deployed on their own (internal)',
  description:
    'Server-Sent Events: `ready` once relaying, then `share` (a shared page id, or `*`) and `user` (a user id, or `*`) as the database announces changes, and a comment every 15 s. ' +
    'A web without a database (API_URL) keeps pages in memory only while its stream is open. Authorised by a key derived from AUTH_SECRET (`Authorization: Bearer <key>`); ' +
    '503 while the api itself does not hear the database; the stream ends when it stops hearing it. Not for API clients.',
  responses: {
    200: { description: 'text/event-stream' },
    401: ERRORS[401],
    503: { description: 'The api does not hear the database’s changes right now.' },
  },
})

export const routes = { stream }
