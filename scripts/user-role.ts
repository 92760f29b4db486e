/**
 * Support command: set a user's role, through the same service as the support console.
 *   npm run user:role -- <email> <free|paid|admin> [plan-slug]
 * paid grants a plan (the given slug, or the catalogue's default plan) with its credits; free ends
 * the plan (credits stay); admin sets the role only. Each change writes an audit row (no actor).
 * Works on DATABASE_URL, or on the embedded PGlite folder (DATA_DIR) while the server is stopped.
 */
import { ROLES, type Role } from '../server/domain/user'
import { ConfigError, loadServerEnv } from '../server/env'
import { HttpError } from '../server/http/http-error'
import { queueOf, startBoss } from '../server/jobs/queue'
import { applyRole, grantablePlan } from '../server/modules/admin'
import { findUserByEmail } from '../server/modules/users'
import { openCommandDatabase } from './support/database'

const USAGE = 'Usage: npm run user:role -- <email> <free|paid|admin> [plan-slug]'
const REASON = 'npm run user:role'

async function main() {
  const [email, role, slug] = process.argv.slice(2)
  if (!email || !ROLES.includes(role as Role)) throw new ConfigError(USAGE)
  if (slug && role !== 'paid') throw new ConfigError(`A plan is only granted with the role paid.\n${USAGE}`)
  const env = loadServerEnv()
  const database = await openCommandDatabase(env)
  // Ending a plan stops its running experiments, whose stores are told through the job queue.
  const boss = await startBoss(database, { work: false })
  const queue = queueOf(boss)
  try {
    const result = await database.db.transaction(async (tx) => {
      const target = await findUserByEmail(tx, email.trim())
      if (!target) throw new ConfigError(`No account with the e-mail ${email}.`)
      const plan = role === 'paid' ? await grantablePlan(tx, slug ? { slug } : 'default') : null
      if (role === 'paid' && !plan) {
        throw new ConfigError(slug ? `No plan on offer with the slug ${slug}.` : 'The catalogue has no default plan: name one.')
      }
      return applyRole({ queue }, tx, { actor: null, target, role: role as Role, plan, reason: REASON, now: new Date() })
    })
    console.log(result.description)
    if (result.credits_granted) console.log(`Granted ${result.credits_granted.toLocaleString('en-US')} credits.`)
    console.log(`${result.user.email} is now ${result.user.role}.`)
  } finally {
    await boss.stop({ graceful: false })
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof HttpError ? error.message : error)
  process.exit(1)
})
