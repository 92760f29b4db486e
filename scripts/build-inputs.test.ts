import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { inputsHash } from './build-inputs.mjs'

/** `npm start` builds only when the build's inputs changed (scripts/build.mjs compares this hash). */
describe('the build’s inputs hash', () => {
  let root = ''
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('changes with any source, content, style or lockfile change, and only with those', () => {
    root = mkdtempSync(path.join(tmpdir(), 'pw-build-'))
    write('app/root.tsx', 'export default 1')
    write('server/main.ts', 'main()')
    write('package-lock.json', '{}')
    const first = inputsHash(root)
    expect(inputsHash(root)).toBe(first)

    // Tests, docs and the build output itself are not inputs.
    write('server/main.test.ts', 'it()')
    write('app/README.md', '# notes')
    write('build/server/index.js', 'built')
    write('e2e/a.spec.ts', 'test()')
    expect(inputsHash(root)).toBe(first)

    for (const [file, text] of [
      ['server/main.ts', 'main() // changed'],
      ['app/styles/page.css', 'body {}'],
      ['content/posts/new.md.txt', 'x'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      const before = inputsHash(root)
      write(file, text)
      expect(inputsHash(root), file).not.toBe(before)
    }
  })
})
