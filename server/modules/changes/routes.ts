import { contract } from '../../contract'
import { changeStreamResponse, isChangeStreamKey } from '../../http/change-stream'
import { HttpError, unauthorized } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'

/** The change stream of server/http/change-stream.ts, for webs deployed on their own. */
export const changeRoutes = contractRouter()

implement(changeRoutes, contract.changes.stream, (c) => {
  const { deps } = c.var
  if (!isChangeStreamKey(deps.env.AUTH_SECRET, c.req.header('authorization'))) throw unauthorized('This key may not read changes.')
  const response = deps.changeFeeds ? changeStreamResponse(deps.changeFeeds, c.req.raw.signal) : null
  if (!response) throw new HttpError(503, 'This api does not hear the database’s changes right now; try again shortly.')
  return response as never
})
