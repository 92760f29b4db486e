/**
 * `node build/pagewright/template-build.js <folder>` (scripts/build.mjs): a new PGlite data folder,
 * migrated and seeded, with the queue's schema, closed cleanly: the copy every new embedded data
 * folder starts from (server/db/template.ts).
 */
import { renameSync, rmSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { startBoss } from '../jobs/queue'
import { openDatabase } from './client'
import { migrateAndSeed } from './seed'

export async function makeTemplate(folder: string) {
  const making = `${folder}.making`
  rmSync(making, { recursive: true, force: true })
  const database = await openDatabase({ dataDir: making })
  await migrateAndSeed(database)
  const boss = await startBoss(database, { work: false })
  await boss.stop({ graceful: true, wait: true })
  await database.close()
  rmSync(folder, { recursive: true, force: true })
  renameSync(making, folder)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2]
  if (!folder) throw new Error('Usage: template-build.js <folder>')
  await makeTemplate(folder)
}
