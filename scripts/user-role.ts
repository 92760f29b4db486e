/**
 * Support command: set a user's role.
 *   npm run user:role -- <email> <free|paid|admin>
 * Works on DATABASE_URL, or on the embedded PGlite folder (DATA_DIR) while the server is stopped.
 */
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../server/db/client'
import { dataDirHolder } from '../server/db/data-lock'
import { users } from '../server/db/schema'
import { migrateAndSeed } from '../server/db/seed'
import { ConfigError, loadServerEnv } from '../server/env'

const ROLES = ['free', 'paid', 'admin'] as const
type Role = (typeof ROLES)[number]

async function main() {
  const [email, role] = process.argv.slice(2)
  if (!email || !ROLES.includes(role as Role)) {
    throw new ConfigError('Usage: npm run user:role -- <email> <free|paid|admin>')
  }
  const env = loadServerEnv()
  const dataDir = path.resolve(env.DATA_DIR)
  if (!env.DATABASE_URL) {
    const holder = dataDirHolder(dataDir)
    if (holder !== null) throw new ConfigError(`The server (pid ${holder}) has ${dataDir} open. Stop it, run this again, then start it.`)
  }
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') })
  try {
    await database.exclusive(() => migrateAndSeed(database))
    const [row] = await database.db
      .update(users)
      .set({ role: role as Role, plan: role === 'paid' ? 'Pro (set by support)' : null, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ email: users.email, role: users.role })
    if (!row) throw new ConfigError(`No account with the e-mail ${email}.`)
    console.log(`${row.email} is now ${row.role}.`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
