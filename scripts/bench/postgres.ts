import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** An empty Postgres database of its own, made with `adminUrl`'s user (who may create databases); `drop()` removes it. */
export async function createPostgresDatabase(adminUrl: string, prefix = 'pw_test'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end())
    },
  }
}

/** Fresh secrets for a deployment on Postgres (the embedded default keeps its own in the data folder). */
export const deploymentSecrets = () => ({
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
})
