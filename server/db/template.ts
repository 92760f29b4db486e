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
 * Fills `pgliteDir` from `template` when the folder does not exist yet and a template was built.
 * The copy is made beside it and renamed into place, so a start stopped halfway leaves no
 * half-copied folder. A folder that exists (with data, or empty: a mount, a link to another disk)
 * is never touched, and a copy that fails is removed: either way the server runs initdb as it
 * always could. Returns whether it copied.
 */
export function startFromTemplate(pgliteDir: string, template = PGLITE_TEMPLATE): boolean {
  if (!isDataFolder(template) || existsSync(pgliteDir)) return false
  // Copies an earlier start left when it stopped (the data folder's lock is held: none is in use).
  const parent = path.dirname(pgliteDir)
  const stem = `${path.basename(pgliteDir)}.copy-`
  if (existsSync(parent))
    for (const name of readdirSync(parent)) if (name.startsWith(stem)) rmSync(path.join(parent, name), { recursive: true, force: true })
  const copy = path.join(parent, `${stem}${process.pid}`)
  try {
    cpSync(template, copy, { recursive: true })
    renameSync(copy, pgliteDir)
    return true
  } catch {
    rmSync(copy, { recursive: true, force: true })
    return false
  }
}
