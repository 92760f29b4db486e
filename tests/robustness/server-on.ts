import { deploymentSecrets } from '../../scripts/bench/postgres'
import { startProduct, type Product } from '../../scripts/bench/product'
import { createPostgresDatabase, type DbKind } from '../helpers/db'

export interface Server {
  product: Product
  /** Stops the server and drops its database. */
  stop(): Promise<void>
}

/**
 * The built server on a fresh database of this kind: a PGlite folder of its own, or a new Postgres
 * database with the secrets a Postgres deployment must be given (embedded ones live in the data folder).
 */
export async function startServerOn(kind: DbKind, settings: Record<string, string> = {}): Promise<Server> {
  const env = { ...settings }
  let drop: (() => Promise<void>) | undefined
  if (kind === 'postgres') {
    const db = await createPostgresDatabase()
    drop = db.drop
    Object.assign(env, {
      DATABASE_URL: db.url,
      ...deploymentSecrets(),
    })
  }
  const product = await startProduct({ env }).catch(async (e) => {
    await drop?.()
    throw e
  })
  return {
    product,
    async stop() {
      await product.stop()
      await drop?.().catch(() => {})
    },
  }
}
