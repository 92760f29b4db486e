import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder, found by walking up from this module to Pagewright's package.json. The
 * server runs from its TypeScript (tests, `tsx`) and from the bundle `npm run build` writes into
 * build/pagewright/, so a path relative to a module's own file would differ between the two; paths
 * to the project's files (migrations, posts, demo-store images, styles) start here instead.
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const pkg = path.join(dir, 'package.json')
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'pagewright') return dir
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
}

export const PROJECT_ROOT = findRoot()

/** A path inside the project (`fromRoot('content/posts')`). */
export const fromRoot = (...parts: string[]) => path.join(PROJECT_ROOT, ...parts)
