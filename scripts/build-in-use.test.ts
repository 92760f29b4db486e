import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { serversUsingBuild } from './build-in-use.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MODULE = path.join(ROOT, 'scripts', 'build-in-use.mjs')

/** A stand-in server: a process run as `…/main.js` that marks `root`'s build as in use, then waits. */
async function serverOf(root: string, dir: string): Promise<ChildProcess> {
  const main = path.join(dir, 'main.js')
  writeFileSync(
    main,
    `import { markBuildInUse } from ${JSON.stringify(MODULE)}\nmarkBuildInUse(${JSON.stringify(root)})\nconsole.log('marked')\nsetInterval(() => {}, 1000)\n`,
  )
  const child = spawn(process.execPath, [main], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => resolve())
    child.on('exit', (code) => reject(new Error(`stand-in server exited (${code})`)))
  })
  return child
}

describe('a build never replaces the files of a server running from it', () => {
  let dir = ''
  let child: ChildProcess | null = null
  afterEach(() => {
    child?.kill('SIGKILL')
    child = null
    rmSync(dir, { recursive: true, force: true })
  })

  it('knows the servers running from a build, and forgets one that is gone', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pw-in-use-'))
    const root = path.join(dir, 'checkout')
    expect(serversUsingBuild(root)).toEqual([])
    child = await serverOf(root, dir)
    expect(serversUsingBuild(root)).toEqual([child.pid])
    // Killed without a chance to take its mark away: the mark is stale and is removed.
    child.kill('SIGKILL')
    await new Promise((resolve) => child!.once('exit', resolve))
    expect(serversUsingBuild(root)).toEqual([])
    expect(readdirSync(path.join(root, 'build', '.running'))).toEqual([])
  })

  it('a server that stops takes its mark away', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pw-in-use-'))
    const root = path.join(dir, 'checkout')
    child = await serverOf(root, dir)
    const mark = path.join(root, 'build', '.running', String(child.pid))
    expect(existsSync(mark)).toBe(true)
    child.kill('SIGTERM')
    await new Promise((resolve) => child!.once('exit', resolve))
    // SIGTERM without a handler ends the process before 'exit' handlers: the next build removes the mark.
    expect(serversUsingBuild(root)).toEqual([])
    expect(existsSync(mark)).toBe(false)
  })

  it('`npm run build` refuses, saying which server to stop, while one runs from this checkout', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pw-in-use-'))
    child = await serverOf(ROOT, dir)
    // --force: a build that is current would not build at all. Refused, it builds nothing.
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--force'], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 })
    expect(build.status).toBe(1)
    expect(build.stderr).toContain(`Pagewright is running from this build (pid ${child.pid}). Stop it, then build or start again`)
    expect(build.stdout).not.toContain('vite')
  })
})
