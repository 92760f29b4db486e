import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fromRoot } from '../paths'

/**
 * A new embedded data folder starts as a copy of a prepared one. `npm run build` runs PGlite's
 * initdb, the migrations, the seeds and the queue's schema once into build/pglite-template
 * (server/db/template-build.ts), so a first start copies a few MB of files instead of running
 * initdb: seconds sooner, and without the memory initdb leaves in the first process for as long as
 * it runs. The server still migrates at start, so a copy older than the code is brought up to date
 * like any folder.
 */
export const PGLITE_TEMPLATE = fromRoot('build', 'pglite-template')

/** A finished template or data folder: Postgres writes PG_VERSION when initdb is done. */
const isDataFolder = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'))

/**
 * Fills `pgliteDir` from `template` when the folder is new (missing or empty) and a template was
 * built. The copy is made beside it and renamed into place, so a start stopped halfway leaves no
 * half-copied folder. Returns whether it copied; a folder in use is never touched.
 */
export function startFromTemplate(pgliteDir: string, template = PGLITE_TEMPLATE): boolean {
  if (!isDataFolder(template)) return false
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return false
  const copy = `${pgliteDir}.copy-${process.pid}`
  rmSync(copy, { recursive: true, force: true })
  cpSync(template, copy, { recursive: true })
  rmSync(pgliteDir, { recursive: true, force: true })
  renameSync(copy, pgliteDir)
  return true
}
