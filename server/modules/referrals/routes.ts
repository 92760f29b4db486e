import { contract } from '../../contract'
import { notFound } from '../../http/http-error'
import { contractRouter, implement } from '../../http/implement'
import { inviterOf } from './service'

export const referralRoutes = contractRouter()

implement(referralRoutes, contract.referrals.inviter, async (c) => {
  const found = await inviterOf(c.var.deps.database.db, c.req.valid('param').code)
  if (!found) throw notFound('There is no referral link with this code.')
  return c.json(found, 200)
})
