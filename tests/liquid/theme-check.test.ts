import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterAll, describe, expect, it } from 'vitest'
import { addAppBlock } from '../../server/liquid/app-block'
import { EXTENSION_DIR } from '../../server/liquid/files'
import { demoThemes, starterThemeZip, themeFilesToPublish } from '../../server/liquid/theme-files'

// Shopify's own linter over what we ship. Offline it first tries to download the latest Liquid docs
// (fails fast here), then uses the copy inside @shopify/theme-check-docs-updater. If the package
// cannot load at all, this one test is skipped and says why.
const themeCheck = await import('@shopify/theme-check-node').catch((error: unknown) => {
  console.warn(`theme-check skipped: @shopify/theme-check-node did not load (${String(error)})`)
  return null
})

const temp = mkdtempSync(join(tmpdir(), 'pagewright-theme-check-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

function writeTheme(name: string, files: Record<string, string | Uint8Array>): string {
  const root = join(temp, name)
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), typeof data === 'string' ? data : strFromU8(data))
  }
  return root
}

describe('Shopify theme-check', () => {
  it.skipIf(!themeCheck)(
    'finds no errors in the extension, the starter theme, the demo themes, or any file publishing writes into a theme',
    async () => {
      // Every file publishing writes into a theme (section, snippets, stylesheet, the alternate
      // template; our own buy box where the theme's template cannot be read), inside each demo theme.
      const written = (files: Record<string, string>, productJson: string | null) => ({
        ...files,
        ...Object.fromEntries(themeFilesToPublish({ appId: '4242', productTemplateJson: productJson }).map((f) => [f.filename, f.content])),
      })
      const withBlock = (files: Record<string, string>) => {
        const template = addAppBlock(
          files['templates/product.json']!,
          'shopify://apps/pagewright/blocks/pagewright-page/0000',
          () => true,
          'pw',
        )
        return { ...files, 'templates/product.json': template! }
      }
      const roots: [string, string][] = [
        ['extensions/pagewright-theme (the app block)', EXTENSION_DIR],
        ['pagewright-starter (zip)', writeTheme('starter', unzipSync(starterThemeZip({ appId: '4242' })))],
        ...demoThemes().map((t): [string, string] => [t.name, writeTheme(t.name, t.files)]),
        ...demoThemes().map((t): [string, string] => [
          `${t.name} + Pagewright's files`,
          writeTheme(`${t.name}-published`, written(t.files, t.files['templates/product.json'] ?? null)),
        ]),
        ...demoThemes().map((t): [string, string] => [
          `${t.name} + Pagewright's files (no readable product template)`,
          writeTheme(`${t.name}-buybox`, written(t.files, null)),
        ]),
        ...demoThemes().map((t): [string, string] => [
          `${t.name} + the app block added`,
          writeTheme(`${t.name}-block`, withBlock(t.files)),
        ]),
      ]
      for (const [label, root] of roots) {
        const run = await themeCheck!.themeCheckRun(root, undefined, () => {})
        const errors = run.offenses
          .filter((o) => o.severity === themeCheck!.Severity.ERROR)
          .map((o) => `${o.check} ${o.uri.split('/').slice(-2).join('/')}:${o.start.line + 1} ${o.message}`)
        expect(run.theme.length, label).toBeGreaterThan(5)
        expect(errors, label).toEqual([])
      }
    },
    180_000,
  )
})
