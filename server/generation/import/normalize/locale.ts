import type { CheerioAPI } from 'cheerio'
import { knownLocale } from './numbers'

/**
 * The language a page is written in, as the page states it (`<html lang>`, `xml:lang`,
 * `Content-Language`, `og:locale`), else `fallback` (the site's usual language); null when unknown.
 */
export function pageLocale($: CheerioAPI, fallback?: string | null): string | null {
  const stated = [
    $('html').attr('lang'),
    $('html').attr('xml:lang'),
    $('meta[http-equiv="content-language"], meta[http-equiv="Content-Language"]').attr('content'),
    $('meta[property="og:locale"]').attr('content'),
  ]
  for (const tag of stated) {
    const known = knownLocale(tag)
    if (known) return known
  }
  return knownLocale(fallback)
}
