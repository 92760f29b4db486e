import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

/** `npm start` on a current build starts the server without building again (scripts/build.mjs). */
describe('the build runs only when its inputs changed', () => {
  it('after a build, starting again builds nothing', () => {
    const check = spawnSync(process.execPath, ['scripts/build.mjs', '--check'])
    expect(check.status, 'the robustness suites run after `npm run build`: the build must be current').toBe(0)
    const again = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' })
    expect(again.status).toBe(0)
    expect(again.stdout).toContain('Build is current')
    expect(again.stdout).not.toContain('vite')
  })
})
