import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MALLOC_ENV, NODE_FLAGS, SERVER_BUNDLE, serverArgs } from './server-bundle.mjs'

const scripts = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts

describe('how a product process is started', () => {
  it('runs with the same Node flags under npm start and its siblings as under the harness, the robustness suites and the bench', () => {
    for (const [name, mode] of [
      ['start', 'all'],
      ['start:api', 'api'],
      ['start:web', 'web'],
      ['start:worker', 'worker'],
    ] as const) {
      const run = new RegExp(`\\bnode ((?:--\\S+ )*)${SERVER_BUNDLE.replace(/[./]/g, '\\$&')} ${mode}$`).exec(scripts[name])
      expect(run, name).not.toBeNull()
      expect(run![1].trim().split(' '), name).toEqual(NODE_FLAGS)
      // glibc's settings, each with the same default and overridable.
      for (const [variable, value] of Object.entries(MALLOC_ENV))
        expect(scripts[name], name).toContain(`${variable}=\${${variable}:-${value}} `)
    }
    expect(serverArgs('all')).toEqual([...NODE_FLAGS, SERVER_BUNDLE, 'all'])
    // The young generation's cap (less memory under load, issue 24), and glibc's (README).
    expect(NODE_FLAGS).toContain('--max-semi-space-size=8')
    expect(MALLOC_ENV).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' })
  })
})
