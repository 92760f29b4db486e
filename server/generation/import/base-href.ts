import type { CheerioAPI } from 'cheerio'
import { IMAGE_FILE } from './normalize/images'

/** Attributes that hold one address. */
const ADDRESS_ATTRIBUTES = new Set(['src', 'href', 'poster'])
/** Attributes that hold a list of addresses with sizes ("a.jpg 1x, b.jpg 2x"). */
const SRCSET_ATTRIBUTES = new Set(['srcset', 'data-srcset'])
/** Already absolute, an anchor, or a scheme of its own ("data:", "javascript:"): nothing to resolve. */
const NOT_RELATIVE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i

function resolved(address: string, base: URL): string {
  const a = address.trim()
  if (!a || NOT_RELATIVE.test(a)) return address
  try {
    return new URL(a, base).href
  } catch {
    return address
  }
}

/**
 * A page's relative addresses resolved against its `<base href>`, as a browser resolves them
 * (`images/lang/ua.png` on bigmo.com.ua's product page is the site's `/images/lang/ua.png`, not a
 * file under the product's path, where it would carry the product's name). Pages without a base, or
 * whose base is their own address, are left as they are. The `data-*` attributes a script reads
 * are resolved when they name one picture file.
 */
export function applyBaseHref($: CheerioAPI, pageUrl: string): void {
  const href = $('base[href]').first().attr('href')
  if (href === undefined) return
  let base: URL
  try {
    base = new URL(href.trim(), pageUrl)
  } catch {
    return
  }
  base.hash = ''
  if (base.href === new URL(pageUrl).href.replace(/#.*$/, '')) return
  for (const el of $('body *, head link, head meta[itemprop]').toArray()) {
    if (el.type !== 'tag' || el.name === 'base') continue
    for (const [name, value] of Object.entries(el.attribs)) {
      if (ADDRESS_ATTRIBUTES.has(name)) el.attribs[name] = resolved(value, base)
      else if (SRCSET_ATTRIBUTES.has(name))
        el.attribs[name] = value
          .split(/,\s+/)
          .map((entry) => entry.replace(/^\s*(\S+)/, (_, url: string) => resolved(url, base)))
          .join(', ')
      else if (name.startsWith('data-') && IMAGE_FILE.test(value) && !/[\s{[,]/.test(value.trim())) el.attribs[name] = resolved(value, base)
    }
  }
}
