import { writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { pagewrightCss } from './stylesheet'

/** The theme app extension's stylesheet (generated: see stylesheet.ts). */
export const EXTENSION_CSS = fileURLToPath(new URL('../../extensions/pagewright-theme/assets/pagewright.css', import.meta.url))

// `npx tsx server/liquid/write-extension-css.ts` after a change to app/styles/page.css or gallery.css.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(EXTENSION_CSS, pagewrightCss())
  console.log(`Wrote ${EXTENSION_CSS}`)
}
