// What the build reads, and one hash over it: scripts/build.mjs builds only when the hash changed.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

/** The build's inputs. Tests, e2e specs and docs are not among them: changing those needs no new build. */
export const INPUTS = [
  'app',
  'server',
  'content',
  'public',
  'extensions',
  'themes',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
]
const IGNORED = /(^|[\\/])(node_modules|\.cache)([\\/]|$)|\.test\.[cm]?[jt]sx?$|\.md$/

function files(root, relative) {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (!statSync(full).isDirectory()) return [relative]
  return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const child = path.join(relative, e.name)
    if (IGNORED.test(child)) return []
    return e.isDirectory() ? files(root, child) : [child]
  })
}

/** One hash over every input's path and content under `root`. */
export function inputsHash(root) {
  const hash = createHash('sha256')
  for (const file of INPUTS.flatMap((i) => files(root, i)).sort()) {
    hash.update(file.split(path.sep).join('/'))
    hash.update('\0')
    hash.update(readFileSync(path.join(root, file)))
    hash.update('\0')
  }
  return hash.digest('hex')
}
