import type { CheerioAPI } from 'cheerio'
import { balancedAt, inlineScriptTexts, isObj, parseLoose } from './marketplaces/embedded'
import { absoluteUrl, FULL_SIZE_NAME, IMAGE_FILE, siteOf } from './normalize/images'
import { scriptBody } from './normalize/text'

/**
 * The gallery a page keeps in its script's state (`window.__STATE__ = {…}`, a framework's
 * `<script type="application/json">`) when its script draws the gallery and the markup holds only the
 * first photo. Read by shape, not by a shop's key names: a list (or an object keyed by photo id) of
 * two to forty entries, each one
 * picture (an address, or an object whose first address is its picture), all on the main photo's
 * site, one of them the main photo itself; an entry that also names a page (a tile's or a colour's
 * link) makes the list a row of other products, never a gallery. Of such lists the longest wins.
 */

/** Values looked at, at most: a 3 MB state costs no more than a page's worth of work. */
const MAX_VALUES = 400_000
/** Assignments tried per script (`x = {…}`): a page's state is one of its first few. */
const MAX_ASSIGNMENTS = 30
const MAX_ENTRIES = 40

const ADDRESS = /^(?:https?:)?\/\//i

/** The JSON values of a page's inline scripts: a whole script that is JSON, or what its first assignments hold. */
function stateValues($: CheerioAPI): unknown[] {
  const values: unknown[] = []
  for (const raw of inlineScriptTexts($)) {
    const body = scriptBody(raw).trim()
    if (/^[[{]/.test(body)) {
      const whole = parseLoose(body)
      if (whole !== null) {
        values.push(whole)
        continue
      }
    }
    let tried = 0
    for (const m of body.matchAll(/=\s*(?=[[{])/g)) {
      if (++tried > MAX_ASSIGNMENTS) break
      const json = balancedAt(body, m.index + m[0].length)
      // Small objects are settings, not a product's state.
      const value = json && json.length > 200 ? parseLoose(json) : null
      if (value !== null) values.push(value)
    }
  }
  return values
}

/** Every address-like string in a value, in order, a few levels down, with the keys that lead to it (".sources.full.url"). */
function addressesIn(value: unknown, depth = 4, key = '', out: { address: string; key: string }[] = []) {
  if (typeof value === 'string') {
    if (ADDRESS.test(value) || value.startsWith('/')) out.push({ address: value, key })
  } else if (depth > 0 && Array.isArray(value)) for (const v of value) addressesIn(v, depth - 1, key, out)
  else if (depth > 0 && isObj(value)) for (const [k, v] of Object.entries(value)) addressesIn(v, depth - 1, `${key}.${k}`, out)
  return out
}

interface Anchor {
  site: string | null
  /** The main photo's address. */
  main: string
}

/**
 * The picture an entry stands for, as an absolute address on the main photo's site; null when it
 * has none or names a page besides (a link that is no picture). An address without an image file
 * is a picture when the list names its photos by their base (`…/ASSET_1`, the main photo being
 * `…/ASSET_1/fee_786_587_png`): each photo is then asked for as the main photo is (`suffix`).
 */
function pictureOf(entry: unknown, anchor: Anchor, pageUrl: string, suffix: string | null): { url: string; shows: Set<string> } | null {
  const found = addressesIn(entry).flatMap(({ address, key }) => {
    const a = absoluteUrl(address, pageUrl)
    return a ? [{ a, key }] : []
  })
  const pictures = found.map(({ a, key }) => ({
    url: IMAGE_FILE.test(a) ? a : suffix && !/\.[a-z]{2,5}$/i.test(new URL(a).pathname) ? a + suffix : null,
    key,
  }))
  if (!pictures.length || pictures.some((p) => p.url === null)) return null
  // An entry's addresses are its photo's sizes ("mini", "standard", "full"): the largest is taken.
  const url = (pictures.find((p) => FULL_SIZE_NAME.test(p.key)) ?? pictures[0]).url!
  const shows = new Set(pictures.map((p) => photoOf(p.url!)))
  return siteOf(url) === anchor.site && pictures.every((p) => siteOf(p.url!) === anchor.site) ? { url, shows } : null
}

/**
 * Which photo an address shows: its path without size folders and query ("…/asr/feb32bf3-….jpeg").
 * Stricter than images.ts's photoKey, which folds renditions a state's list of other products' tiles
 * can share with the main photo.
 */
function photoOf(url: string): string {
  const u = new URL(url)
  return u.hostname + u.pathname.replace(/\/(?:[a-z]{1,3}_)?\d{2,4}(?:x\d{2,4})?(?=\/)/gi, '')
}

function galleryIn(list: unknown[], anchor: Anchor, pageUrl: string): string[] | null {
  if (list.length < 2 || list.length > MAX_ENTRIES) return null
  const base = addressesIn(list).find(({ address }) => anchor.main.startsWith(`${address}/`))?.address
  const suffix = base ? anchor.main.slice(base.length) : null
  const pictures = list.map((entry) => pictureOf(entry, anchor, pageUrl, suffix))
  if (pictures.some((p) => p === null)) return null
  const known = pictures as { url: string; shows: Set<string> }[]
  const mainPhoto = photoOf(anchor.main)
  const main = known.find((p) => p.shows.has(mainPhoto))
  if (!main) return null
  // The main photo first, as the page shows it; one address per photo.
  const distinct = [...new Map([main, ...known].map((p) => [photoOf(p.url), p.url])).values()]
  return distinct.length >= 2 ? distinct : null
}

export function stateGallery($: CheerioAPI, main: string | null | undefined, pageUrl: string): string[] {
  if (!main) return []
  const anchor: Anchor = { site: siteOf(main), main }
  let best: string[] = []
  let budget = MAX_VALUES
  const stack: unknown[] = stateValues($)
  while (stack.length && budget-- > 0) {
    const value = stack.pop()
    if (Array.isArray(value)) {
      const gallery = galleryIn(value, anchor, pageUrl)
      if (gallery && gallery.length > best.length) best = gallery
      stack.push(...value)
    } else if (isObj(value)) {
      const entries = Object.values(value)
      // Photos kept by their id (`{"3CA0…": {"assetSizeUrls": {…}}, …}`) are a list too.
      if (entries.length >= 2 && entries.every(isObj)) {
        const gallery = galleryIn(entries, anchor, pageUrl)
        if (gallery && gallery.length > best.length) best = gallery
      }
      stack.push(...entries)
    }
  }
  return best
}

/** Whether every photo of `shown` (the markup's gallery) is one of `kept`: then `kept` is that gallery, whole. */
export function coversPhotos(kept: string[], shown: string[]): boolean {
  const photos = new Set(kept.map(photoOf))
  return shown.every((u) => photos.has(photoOf(u)))
}
