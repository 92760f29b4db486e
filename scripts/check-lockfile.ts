/**
 * `tsx scripts/check-lockfile.ts` (first step of `npm run lint`): package.json and package-lock.json
 * must agree, so `npm ci` installs exactly what package.json asks for. Exits 1 naming each mismatch:
 * - the lockfile's name and version (top level and root entry) are package.json's;
 * - every range in dependencies, devDependencies, optionalDependencies and peerDependencies is the
 *   same in the lockfile's root entry (`packages[""]`), and the root entry lists no range package.json lacks;
 * - every direct dependency is locked (`packages["node_modules/<name>"]`) at a version its range
 *   allows (optional and peer dependencies only when locked; `npm:` aliases by the aliased package;
 *   non-semver specs such as git, file: or tags are only compared as text).
 * Fix: `npm install` (never edit the lockfile by hand).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import semver from 'semver'

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const
type Field = (typeof FIELDS)[number]
type Ranges = Partial<Record<Field, Record<string, string>>>

export interface PackageJson extends Ranges {
  name?: string
  version?: string
}

interface LockEntry extends Ranges {
  name?: string
  version?: string
  link?: boolean
  resolved?: string
}

export interface LockJson {
  name?: string
  version?: string
  lockfileVersion?: number
  packages?: Record<string, LockEntry>
}

/** Every disagreement between package.json and package-lock.json, in words; empty when they agree. */
export function lockfileMismatches(pkg: PackageJson, lock: LockJson): string[] {
  const out: string[] = []
  const root = lock.packages?.['']
  if (!root)
    return [
      `package-lock.json has no root entry (packages[""]); lockfileVersion ${lock.lockfileVersion ?? 'missing'} is too old, run npm install`,
    ]

  for (const key of ['name', 'version'] as const) {
    if (lock[key] !== pkg[key]) out.push(`${key}: package.json has ${show(pkg[key])}, package-lock.json has ${show(lock[key])}`)
    if (root[key] !== pkg[key])
      out.push(`${key}: package.json has ${show(pkg[key])}, package-lock.json packages[""] has ${show(root[key])}`)
  }

  for (const field of FIELDS) {
    const wanted = pkg[field] ?? {}
    const locked = root[field] ?? {}
    for (const [name, range] of Object.entries(wanted)) {
      if (!(name in locked)) out.push(`${field}.${name}: package.json has ${show(range)}, package-lock.json packages[""] does not list it`)
      else if (locked[name] !== range)
        out.push(`${field}.${name}: package.json has ${show(range)}, package-lock.json packages[""] has ${show(locked[name])}`)
      out.push(...installedMismatch(field, name, range, lock.packages?.[`node_modules/${name}`]))
    }
    for (const name of Object.keys(locked))
      if (!(name in wanted))
        out.push(`${field}.${name}: package-lock.json packages[""] has ${show(locked[name])}, package.json does not list it`)
  }
  return out
}

function installedMismatch(field: Field, name: string, spec: string, entry: LockEntry | undefined): string[] {
  const where = `packages["node_modules/${name}"]`
  if (!entry)
    return field === 'optionalDependencies' || field === 'peerDependencies' ? [] : [`${field}.${name}: package-lock.json has no ${where}`]
  if (entry.link) return []
  // `npm:other@range` installs the package `other` under this name.
  const alias = /^npm:((?:@[^/]+\/)?[^@]+)(?:@(.*))?$/.exec(spec)
  const range = alias ? alias[2] || '*' : spec
  if (alias && entry.name !== alias[1])
    return [`${field}.${name}: package.json aliases ${show(alias[1])}, package-lock.json ${where} is ${show(entry.name ?? name)}`]
  if (semver.validRange(range) === null) return [] // git, file:, URLs and dist-tags: nothing to compare a version with
  if (!entry.version || !semver.satisfies(entry.version, range))
    return [`${field}.${name}: package-lock.json ${where} is ${show(entry.version)}, outside package.json's range ${show(spec)}`]
  return []
}

const show = (value: string | undefined) => (value === undefined ? '(nothing)' : `"${value}"`)

function main(dir = process.cwd()) {
  const read = <T>(file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T
  const mismatches = lockfileMismatches(read<PackageJson>('package.json'), read<LockJson>('package-lock.json'))
  if (mismatches.length === 0) return
  console.error(
    `package.json and package-lock.json disagree (run npm install, then commit both):\n${mismatches.map((m) => `  - ${m}`).join('\n')}`,
  )
  process.exit(1)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main()
