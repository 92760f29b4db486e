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

/**
 * The language a site's country writes in, by its country-code domain (".ru" Russian, ".com.br"
 * Portuguese), for a page that states none: only countries with one main language of commerce
 * (not Belgium, Switzerland, Canada or India). Null otherwise.
 */
export function siteLanguage(pageUrl: string): string | null {
  let host: string
  try {
    host = new URL(pageUrl).hostname.toLowerCase()
  } catch {
    return null
  }
  const country = /\.([a-z]{2})$/.exec(host)?.[1]
  return country ? (COUNTRY_LANGUAGE[country] ?? null) : null
}

const COUNTRY_LANGUAGE: Record<string, string> = {
  ru: 'ru',
  by: 'ru',
  ua: 'uk',
  pl: 'pl',
  cz: 'cs',
  sk: 'sk',
  hu: 'hu',
  ro: 'ro',
  md: 'ro',
  bg: 'bg',
  rs: 'sr',
  hr: 'hr',
  si: 'sl',
  tr: 'tr',
  de: 'de',
  at: 'de',
  fr: 'fr',
  it: 'it',
  es: 'es',
  pt: 'pt',
  br: 'pt',
  mx: 'es',
  ar: 'es',
  cl: 'es',
  co: 'es',
  pe: 'es',
  nl: 'nl',
  se: 'sv',
  dk: 'da',
  no: 'nb',
  fi: 'fi',
  gr: 'el',
  il: 'he',
  jp: 'ja',
  kr: 'ko',
  cn: 'zh-CN',
  tw: 'zh-TW',
  vn: 'vi',
  th: 'th',
  id: 'id',
  lt: 'lt',
  lv: 'lv',
  ee: 'et',
  kz: 'ru',
}
