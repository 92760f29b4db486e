import { describe, expect, it } from 'vitest'
import { lockfileMismatches, type LockJson, type PackageJson } from './check-lockfile'

const pkg: PackageJson = {
  name: 'app',
  version: '1.0.0',
  dependencies: { hono: '^4.13.0', zod: '4.5.3', lodash: 'npm:lodash-es@^4.17.0' },
  devDependencies: { vitest: '~4.1.0' },
}

const lock = (): LockJson => ({
  name: 'app',
  version: '1.0.0',
  lockfileVersion: 3,
  packages: {
    '': structuredClone({ name: 'app', version: '1.0.0', dependencies: pkg.dependencies, devDependencies: pkg.devDependencies }),
    'node_modules/hono': { version: '4.13.19' },
    'node_modules/zod': { version: '4.5.3' },
    'node_modules/lodash': { name: 'lodash-es', version: '4.17.21' },
    'node_modules/vitest': { version: '4.1.12' },
  },
})

describe('lockfileMismatches', () => {
  it('finds nothing when the lockfile matches package.json', () => {
    expect(lockfileMismatches(pkg, lock())).toEqual([])
  })

  it('names each mismatch: a changed range, a locked version outside its range, an extra entry, the version', () => {
    const stale = lock()
    stale.version = '0.9.0'
    stale.packages![''].dependencies!.hono = '^4.12.0'
    stale.packages!['node_modules/zod'].version = '4.5.2'
    stale.packages![''].devDependencies!.left = '^1.0.0'
    delete stale.packages!['node_modules/vitest']
    expect(lockfileMismatches(pkg, stale)).toEqual([
      'version: package.json has "1.0.0", package-lock.json has "0.9.0"',
      'dependencies.hono: package.json has "^4.13.0", package-lock.json packages[""] has "^4.12.0"',
      'dependencies.zod: package-lock.json packages["node_modules/zod"] is "4.5.2", outside package.json\'s range "4.5.3"',
      'devDependencies.vitest: package-lock.json has no packages["node_modules/vitest"]',
      'devDependencies.left: package-lock.json packages[""] has "^1.0.0", package.json does not list it',
    ])
  })

  it('checks an npm: alias against the aliased package', () => {
    const swapped = lock()
    swapped.packages!['node_modules/lodash'] = { version: '4.17.21' }
    expect(lockfileMismatches(pkg, swapped)).toEqual([
      'dependencies.lodash: package.json aliases "lodash-es", package-lock.json packages["node_modules/lodash"] is "lodash"',
    ])
  })
})
