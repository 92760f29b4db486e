import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { PROJECT_ROOT } from '../paths'

/** Theme sources in the repository, read at run time from the project's folder (no build step copies them). */
export const REPO_ROOT = PROJECT_ROOT
export const EXTENSION_DIR = join(REPO_ROOT, 'extensions', 'pagewright-theme')
export const THEMES_DIR = join(REPO_ROOT, 'themes')

/** Every file under `dir` as { 'snippets/x.liquid': text }, '/'-separated and sorted; dot files skipped. */
export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue
      const path = join(at, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) out[relative(dir, path).split(sep).join('/')] = readFileSync(path, 'utf8')
    }
  }
  walk(dir)
  return out
}

let extension: Record<string, string> | null = null

/** The files of extensions/pagewright-theme (read once per process; `shopify.extension.toml` included). */
export function extensionFiles(): Record<string, string> {
  extension ??= readTree(EXTENSION_DIR)
  return { ...extension }
}

/** The snippets the theme section and the app block share: `snippets/pagewright-*.liquid`. */
export function pagewrightSnippets(): Record<string, string> {
  return Object.fromEntries(Object.entries(extensionFiles()).filter(([name]) => /^snippets\/pagewright-[\w-]+\.liquid$/.test(name)))
}
