import { load, type CheerioAPI } from 'cheerio'
import { PLATFORM_NAMES, type Platform } from '../../domain/product-facts'
import {
  BLOCKED_HEADLINE,
  BROWSER_CHECK_WORDS,
  NETWORK_REFUSAL,
  PAGE_NOT_FOUND,
  ROBOT_CHECK_WORDS,
  SIGN_IN_TITLE,
  SIGN_IN_WORDS,
  SERVICE_ERROR,
  WENT_WRONG,
} from './refusal-words'
import { shownText, SITE_CHROME } from './shown-text'
import { ImportError, type RefusalKind } from './types'

/**
 * Pages a site shows instead of its product — robot checks, refusals, error pages — recognised by
 * what they are, so the owner reads what the site did and what they can do, never "no images".
 *
 * Only a robot check's or a refusal's own words or markup count, and never on a page that carries a
 * product: a product page that merely mentions "captcha" or "Something went wrong" in a hidden popover
 * is a product page.
 *
 * Retrying: the generation job retries a transient ImportError a few times before it shows the
 * message (server/jobs/generate.ts), so only an error page (the site is down or busy) is transient,
 * and its message says it was tried again. A robot check does not go away in seconds: not transient.
 */

const WHAT_YOU_CAN_DO = "try again later, paste the product page's text instead, or use your store's own product"

/** How the owner's message names the site: the marketplace's name, else its host without "www.". */
export function siteLabel(url: string, platform?: Platform | null): string {
  if (platform && platform !== 'generic' && platform !== 'shopify' && platform !== 'text') return PLATFORM_NAMES[platform]
  try {
    return new URL(url).hostname.replace(/^www\./, '') || 'The site'
  } catch {
    return 'The site'
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** The message and retry rule of each kind of refusal. */
export function refusal(kind: RefusalKind, who: string, did: string, detail?: string): ImportError {
  const subject = capital(who)
  switch (kind) {
    case 'robot-check':
      return new ImportError(
        `${subject} ${did} instead of the product page, so we couldn't read it. A robot check doesn't clear up by retrying right away: ${WHAT_YOU_CAN_DO}.`,
        false,
        detail,
        kind,
      )
    case 'refused':
      return new ImportError(
        `${subject} ${did}, so we couldn't read the product. Paste the product page's text instead, or use your store's own product.`,
        false,
        detail,
        kind,
      )
    case 'site-down':
      return new ImportError(
        `${subject} ${did}, also when we tried again. The site may be down for a while: ${WHAT_YOU_CAN_DO}.`,
        true,
        detail,
        kind,
      )
    case 'not-found':
      return new ImportError(`${subject} ${did}: there is no product page at this link. Check the link.`, false, detail, kind)
    case 'script-shell':
      return new ImportError(
        `${subject} ${did}, without the product's name, because the product loads by script in a browser. Paste the product page's text instead, or use your store's own product.`,
        false,
        detail,
        kind,
      )
  }
}

/** The error for an HTTP status when the page itself says nothing more; 408/425/429/5xx are transient (retried). */
export function statusError(status: number, who = 'the site'): ImportError {
  const subject = capital(who)
  const detail = `HTTP ${status}`
  if (status === 404 || status === 410)
    return new ImportError(`We couldn't find that page (${status}). Check the link.`, false, detail, 'not-found')
  if (status === 401 || status === 403)
    return new ImportError(
      `${subject} refused to show us this page (${status}). If it needs a login or password, paste the product page's text instead, or use your store's own product.`,
      false,
      detail,
      'refused',
    )
  if (status === 429)
    return new ImportError(
      `${subject} asked us to slow down (429), also when we tried again. Try again later, or paste the product page's text instead.`,
      true,
      detail,
      'refused',
    )
  if (status === 408 || status === 425)
    return new ImportError(
      `${subject} didn't answer in time (${status}), also when we tried again. Try again later, or paste the product page's text instead.`,
      true,
      detail,
      'site-down',
    )
  if (status >= 500) return refusal('site-down', who, `had a problem answering (${status})`, detail)
  return new ImportError(`${subject} answered with an error (${status}).`, false, detail)
}

// ---------------------------------------------------------------------------------------------
// Recognising the page

interface Probe {
  $: CheerioAPI
  html: string
  title: string
  /** Visible text (no scripts or styles), whitespace collapsed, at most 5,000 characters. */
  text: string
  /** A block page says little: its visible text is short. */
  short: boolean
  /** Visible text outside the page's header, navigation, asides and footer ('' under a product's head). */
  main: string
  /** The path of the address the page came from, after redirects (lower case). */
  path: string
}

interface Rule {
  kind: RefusalKind
  /** The protection service whose page it is, when the page is not the site's own. */
  service?: string
  /** A site's own error template ("404 Not Found"): with an error status, the status says as much. */
  generic?: boolean
  /** What the site did, in words for the owner ("showed a robot check (…)"). */
  did: string | ((p: Probe) => string)
  test: (p: Probe) => boolean
  /**
   * Tests the page's body for what only a challenge has: it holds even under a product's <head> (a
   * site may render the product's title and og: tags, then put the challenge in place of the page).
   */
  inBody?: boolean
}

const has = (p: Probe, selector: string) => p.$(selector).length > 0
/**
 * A page that says hardly anything else: words a small shop's page may hold in a form ("confirm you
 * are not a robot") count only here.
 */
const terse = (p: Probe) => p.short && p.text.length < 1200
/** Akamai's error reference: a number, the edge server's address in hex, the time, an id. */
const AKAMAI_REFERENCE = /\b\d{1,3}\.[0-9a-f]{8}\.\d{10}\.[0-9a-f]{4,10}\b/i
/** A path the page names in quotes that is a captcha challenge's: "/risk/challenge?captcha_type=903" (bounded: no backtracking on a long page). */
const CAPTCHA_ROUTE = /["']\/[\w/-]{0,80}challenge[\w/-]{0,80}\?[^"'\s]{0,200}captcha/i
/** A script that loads the page's own address again (`location.reload()`, `location.replace(location.href)`). */
const RELOADS_ITSELF =
  /\blocation\.reload\(\s*(?:true)?\s*\)|\blocation\.(?:replace|assign)\(\s*(?:window\.|document\.)?location(?:\.href)?\s*\)|\blocation\.href\s*=\s*(?:window\.|document\.)?location\.href\b/
/** A page's own files in a folder named for a deny or block page. */
const DENY_ASSETS = /(?:src|href)\s*=\s*["'][^"']*(?:custom-deny|deny-page|denied|block(?:ed)?[_-]page|waf[_-]block)[^"']*["']/i
/** What surrounds a page's own part: its header, menus, footer and asides (a country switcher there is the site's, on every page). */
const AROUND_THE_PAGE = `${SITE_CHROME}, aside`
/** The container of a page that asks for the visitor's country or region before anything else. */
const COUNTRY_PICKER =
  '[id*="country-select" i], [id*="select-country" i], [id*="region-select" i], [class*="country-select" i], [class*="region-select" i]'
/** Words of the page for the owner's message, cut at a word after 60 characters. */
/**
 * UTF-8 read twice ("Ð\u009fÐ¾ÑÑÐ¸" for "Почти"): a page stored so shows its words garbled. Read
 * back once when every character fits a byte and those bytes are valid UTF-8; else as it is.
 */
function withoutDoubleEncoding(text: string): string {
  if (!/[\u00c2-\u00f4][\u0080-\u00bf]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(text, (c) => c.charCodeAt(0)))
  } catch {
    return text
  }
}

const quote = (s: string) => {
  // Without pictographs ("❌"), which read as nothing to the owner and may not even be drawn.
  const words = withoutDoubleEncoding(s)
    .replace(/[\p{So}\p{Cs}\uFE0F]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
  return `"${words.length <= 60 ? words : `${words.slice(0, 60).replace(/\s+\S*$/, '')}…`}"`
}

/** The rules, most specific first. Each names the page's own words; none fires on a page that carries a product. */
export const BLOCK_RULES: readonly Rule[] = [
  // Amazon: the newer interstitial, the character captcha, the 503 "dogs" page.
  {
    kind: 'robot-check',
    did: 'showed a robot check ("Click the button below to continue shopping")',
    test: (p) => p.short && /Click the button below to continue shopping/i.test(p.text),
  },
  {
    kind: 'robot-check',
    did: 'showed a robot check (a captcha: "Enter the characters you see below")',
    test: (p) =>
      has(p, 'form[action*="validateCaptcha"]') ||
      (p.short && /Enter the characters you see below|Type the characters you see in this image/i.test(p.text)),
  },
  {
    kind: 'site-down',
    did: 'answered with its error page ("Sorry! Something went wrong")',
    test: (p) => /Sorry!?\s+Something went wrong/i.test(p.title) || (p.short && /^\W*Sorry!?\s+Something went wrong/i.test(p.text)),
  },
  // The same page in the marketplace's language ("Tut uns Leid!"): its links name it (`ref=cs_503_logo`).
  {
    kind: 'site-down',
    did: 'answered with its error page (the service is unavailable)',
    test: (p) => p.short && has(p, 'a[href*="ref=cs_503"]'),
  },
  // Amazon's "page not found" (the "dogs of Amazon" page): its words are only an image's alt text.
  {
    kind: 'not-found',
    did: 'answered with its "page not found" page ("Sorry! We couldn\'t find that page")',
    test: (p) => p.short && altSays(p, /couldn.?t find that page/i),
  },
  // Alibaba's "punish" slider (AliExpress, also Taobao and Lazada), raw redirect or rendered.
  {
    kind: 'robot-check',
    did: 'showed a robot check (a "slide to verify" captcha)',
    test: (p) =>
      /window\._config_\s*=\s*\{\s*"action"\s*:\s*"captcha"/.test(p.html) ||
      has(p, '#baxia-punish, #nocaptcha, #nc_1_nocaptcha, input#x5secdata, form#nc-verify-form') ||
      /^Captcha Interception$/i.test(p.title) ||
      // The slider in a frame, or its configuration (also in the bare redirect to it). A product page may
      // name the slider's address inside another address (Taobao's login frame does): that is no slider.
      (p.short &&
        (p
          .$('iframe[src]')
          .toArray()
          .some((f) => /_____tmd_____\/punish/.test((p.$(f).attr('src') ?? '').split('?')[0])) ||
          /"action"\s*:\s*"captcha"/.test(p.html))),
  },
  // TikTok's slide / rotate captcha.
  {
    kind: 'robot-check',
    did: 'showed a robot check ("Security Check": a puzzle to slide)',
    test: (p) =>
      /^Security Check$/i.test(p.title) ||
      (p.short && has(p, '#captcha-verify-image, .captcha_verify_container, .captcha-verify-container, #tiktok-verify-ele')),
  },
  // Temu: the picture captcha ("click the pictures in this order") under the product's own <head>,
  // and the script-only challenge a plain client gets in place of any page.
  {
    kind: 'robot-check',
    inBody: true,
    did: 'showed a robot check (a captcha: click the pictures it names)',
    test: (p) => has(p, 'body.verifyDialog #imageSemantics, body.verifyDialog [role="dialog"]'),
  },
  // Also in other dress: no title, no word, no file loaded, only a long inline script (it answers a
  // challenge and reloads the address; Temu's Pakistani site sends one obfuscated).
  {
    kind: 'robot-check',
    did: 'showed a browser check (a script to run instead of the page)',
    test: (p) =>
      p.text === '' &&
      (/kwcdn\.com\/upload-static\/assets\/chl\/js\//.test(p.html) ||
        (p.title === '' && !has(p, 'script[src], img, link[rel="stylesheet" i], meta[property]') && p.$('script').text().length > 2000)),
  },
  // PerimeterX / HUMAN ("Robot or human?", press and hold), as on Walmart.
  {
    kind: 'robot-check',
    did: (p) => `showed a robot check (${quote(p.title || 'Robot or human?')}: press and hold a button)`,
    // Its script alone is on every page of such a site: a short page whose heading says it found no
    // page (Walmart's "We couldn't find this page") is that error, not a check.
    test: (p) =>
      /^Robot or human\??$/i.test(p.title) ||
      has(p, '#px-captcha') ||
      (p.short && /window\._pxAppId\s*=/.test(p.html) && !PAGE_NOT_FOUND.test(p.$('h1').first().text())),
  },
  // DataDome.
  {
    kind: 'robot-check',
    did: 'showed a robot check (a DataDome captcha)',
    test: (p) => p.short && /captcha-delivery\.com/.test(p.html),
  },
  // Cloudflare: the browser check, the block page (also titled "Attention Required!"), the captcha.
  {
    kind: 'robot-check',
    service: 'Cloudflare',
    did: 'showed a browser check ("Just a moment...")',
    test: (p) =>
      /^(Just a moment|Please wait|One more step)\b/i.test(p.title) ||
      has(p, '#cf-browser-verification, #challenge-form, #cf-challenge-running') ||
      /window\._cf_chl_opt\s*=/.test(p.html),
  },
  {
    kind: 'refused',
    service: 'Cloudflare',
    did: 'blocked our request ("Sorry, you have been blocked")',
    test: (p) => p.short && /Sorry, you have been blocked/i.test(p.text),
  },
  {
    kind: 'robot-check',
    service: 'Cloudflare',
    did: 'showed a captcha ("Attention Required!")',
    test: (p) => /^Attention Required!/i.test(p.title),
  },
  // A browser check that says so: Distil's and Imperva's "Pardon Our Interruption", eBay's own,
  // Cloudflare's older "Checking your browser before accessing …".
  {
    kind: 'robot-check',
    did: (p) => `showed a browser check (${quote(/^Pardon Our Interruption/i.test(p.title) ? p.title : 'Checking your browser')})`,
    test: (p) => p.short && (/^Pardon Our Interruption/i.test(p.title) || /\bChecking your browser before (?:you )?access/i.test(p.text)),
  },
  // Akamai Bot Manager's challenge: a script fills an empty, hidden container (it says nothing in words),
  // or its interstitial posts a proof of work ("bm-verify") to /_sec/verify and reloads.
  {
    kind: 'robot-check',
    service: 'Akamai',
    did: 'showed a browser check (a script to run instead of the page)',
    test: (p) =>
      p.short &&
      (has(p, '#sec-if-cpt-container, #sec-cpt-if') || /\/akam\/\d+\/pixel_|\/_sec\/verify\?provider=|["'&?]bm-verify[=":]/.test(p.html)),
  },
  // AWS WAF's challenge (as on Amazon): an empty page holding the challenge's container and settings
  // (`window.gokuProps`); its script fetches a token and reloads. (The same script on an ordinary page
  // protects its forms: that page has words of its own.)
  {
    kind: 'robot-check',
    service: 'AWS WAF',
    did: 'showed a browser check (a script to run instead of the page)',
    test: (p) =>
      p.text.length < 200 &&
      (/\bwindow\.gokuProps\s*=/.test(p.html) || has(p, '#challenge-container')) &&
      (p.html.includes('AwsWafIntegration') || p.html.includes('.awswaf.com/')),
  },
  // Akamai's edge refusal.
  {
    kind: 'refused',
    did: 'refused to show us the page ("Access Denied")',
    test: (p) =>
      /^Access Denied$/i.test(p.title) && (/You don't have permission to access/i.test(p.text) || /Reference\s*#\s*\d/i.test(p.text)),
  },
  // Akamai's refusal in the shop's own dress ("oh no! Something went wrong", "Down for Maintenance"):
  // Akamai's reference number ("18.7cd21102.1612606933.116f472b") on a page whose own files sit in a
  // deny or block folder ("/custom-deny/", "blocked_page_…"). Whatever its words, retrying is refused too.
  {
    kind: 'refused',
    did: (p) => `refused to show us the page (${quote(p.title || p.$('h1').first().text())})`,
    test: (p) => p.short && AKAMAI_REFERENCE.test(p.text) && DENY_ASSETS.test(p.html),
  },
  // F5 BIG-IP's application firewall: a bare page with a support id, no branding.
  {
    kind: 'refused',
    did: 'refused to show us the page ("Request Rejected")',
    test: (p) => p.short && /^Request Rejected$/i.test(p.title) && /The requested URL was rejected/i.test(p.text),
  },
  // A refusal of the network the request came from ("turn off your VPN", "connect to another network").
  {
    kind: 'refused',
    did: (p) => `refused to show us the page, naming our network (${quote(p.$('h1, h2').first().text() || p.title)})`,
    test: (p) => terse(p) && NETWORK_REFUSAL.test(p.text),
  },
  // A robot check in the site's own words, in the languages of our shoppers' sites; on a challenge
  // its script runs, with no words of its own shown, the <noscript>'s ("We need to make sure that you
  // are not a robot"). A page that says more (Ozon's "Доступ ограничен" and what to do) is read by it.
  {
    kind: 'robot-check',
    did: (p) => `showed a robot check (${quote(p.title || p.$('h1, h2').first().text() || 'captcha')})`,
    test: (p) => terse(p) && (ROBOT_CHECK_WORDS.test(p.text) || (p.text.length < 200 && ROBOT_CHECK_WORDS.test(noscriptText(p)))),
  },
  // A check of the browser or device that its script runs, saying so in its title or its words.
  {
    kind: 'robot-check',
    did: (p) => `ran a check of our browser (${quote(p.title || 'checking device')})`,
    test: (p) => terse(p) && BROWSER_CHECK_WORDS.test(`${p.title} ${p.text}`),
  },
  // A challenge only a browser running its script gets past (a proof of work): no words of its own
  // but a <noscript> asking for JavaScript, and a page that loads itself again once the check is
  // done: a script setting a cookie and reloading, or a refresh in its head while its script runs.
  {
    kind: 'robot-check',
    did: (p) => `ran a check of our browser that needs JavaScript (${quote(noscriptText(p) || 'a spinner')})`,
    test: (p) =>
      p.text.length < 200 &&
      /javascript/i.test(noscriptText(p)) &&
      ((/document\.cookie\s*=/.test(p.html) && /location\.(?:reload\s*\(|replace\s*\(|href\s*=)/.test(p.html)) ||
        (p.$('meta[http-equiv="refresh" i]').length > 0 && p.$('script[src]').length > 0)),
  },
  // Any other robot check that says what it is.
  {
    kind: 'robot-check',
    did: (p) => `showed a robot check (${quote(p.title || 'captcha')})`,
    test: (p) =>
      p.short &&
      /\b(captcha|are you a (?:robot|human)|verify (?:that )?(?:you are|you're) (?:a )?human|human verification|robot check|bot check)\b/i.test(
        `${p.title} ${p.$('h1, h2').first().text()}`,
      ),
  },
  // The site's shell around a robot check its script draws: the address it was rendered for is a
  // captcha challenge's ("/risk/challenge?captcha_type=903&redirection=…").
  {
    kind: 'robot-check',
    did: 'showed a robot check (drawn by its script over the shop)',
    test: (p) => CAPTCHA_ROUTE.test(p.html),
  },
  // Any other error page: "404 Not Found", "503 Service Unavailable", "Page not found".
  {
    generic: true,
    kind: 'not-found',
    did: (p) => `answered with an error page (${quote(errorHeadline(p, PAGE_NOT_FOUND) || p.title || p.$('h1').first().text())})`,
    test: (p) =>
      p.short &&
      (NOT_FOUND_HEADLINE.test(headline(p)) ||
        /page (?:you requested )?(?:was |could not be |cannot be )?not found/i.test(headline(p)) ||
        errorHeadline(p, PAGE_NOT_FOUND) !== null),
  },
  // A "page not found" view inside the site's full header, menus and footer: its main part says so.
  {
    generic: true,
    kind: 'not-found',
    did: (p) => `answered with its "page not found" page (${quote(errorLine(p.main, PAGE_NOT_FOUND) ?? 'page not found')})`,
    test: (p) => p.main.length > 0 && p.main.length < 1000 && PAGE_NOT_FOUND.test(p.main),
  },
  // A site's own block page inside its full header ("Blocked - Indeed.com", h1 "Request Blocked").
  {
    kind: 'refused',
    did: (p) => `refused to show us the page (${quote(p.$('h1').first().text() || p.title)})`,
    test: (p) => BLOCKED_HEADLINE.test(p.title) || BLOCKED_HEADLINE.test(p.$('h1').first().text()),
  },
  // A sign-in wall in place of the product ("Temu | Login" and a form asking for an e-mail or password).
  {
    kind: 'refused',
    did: (p) => `asked us to sign in instead of showing the page (${quote(p.title)})`,
    test: (p) => p.title.length < 80 && SIGN_IN_TITLE.test(p.title) && has(p, SIGN_IN_INPUTS),
  },
  // A sign-in page we were sent to instead of the product, in whatever language it is written: its
  // address names a sign-in (sites write those paths in English) and it asks for a password.
  {
    kind: 'refused',
    did: (p) => `asked us to sign in instead of showing the page (${quote(p.title || p.$('h1').first().text() || 'a sign-in form')})`,
    test: (p) => SIGN_IN_PATH.test(p.path) && has(p, 'input[type="password"]'),
  },
  // A short page that says it wants a sign-in first ("Log in to continue"), with or without a form.
  {
    kind: 'refused',
    did: (p) =>
      `asked us to sign in instead of showing the page (${quote(ownLine(p.$, SIGN_IN_WORDS) ?? errorLine(p.text, SIGN_IN_WORDS) ?? p.title)})`,
    test: (p) => terse(p) && SIGN_IN_WORDS.test(p.text),
  },
  // A "page not found" view whose title says so ("404 Not Found"), inside menus longer than its main part.
  {
    generic: true,
    kind: 'not-found',
    did: (p) => `answered with its "page not found" page (${quote(errorLine(p.main, PAGE_NOT_FOUND) ?? p.title)})`,
    // (Before the site's name too: "Not Found - eXtra".)
    test: (p) =>
      p.title.length < 80 && [p.title, p.title.split(/\s+[|–—-]\s+/)[0]].some((t) => NOT_FOUND_HEADLINE.test(t) || PAGE_NOT_FOUND.test(t)),
  },
  {
    generic: true,
    kind: 'refused',
    did: (p) => `answered with an error page (${quote(p.title || p.$('h1').first().text())})`,
    test: (p) =>
      p.short && /^\W*(?:http\W*)?(?:error\W*)?(?:401|403)\b|^\W*(?:forbidden|access denied|unauthorized)\W*$/i.test(headline(p)),
  },
  // A country or region picker in place of the product (Trendyol's "select-country" page): the site
  // would show the product only to a visitor who says where they shop from.
  {
    kind: 'refused',
    did: 'showed its country selection instead of the product page',
    test: (p) =>
      p.text.length < 200 &&
      !has(p, 'meta[property^="product:"], meta[property="og:price:amount"]') &&
      p
        .$(COUNTRY_PICKER)
        .toArray()
        .some((el) => p.$(el).closest(AROUND_THE_PAGE).length === 0),
  },
  // A "we're busy, retry in 3 s" page (Flipkart's "Lot of rush…"): a short page whose only script
  // loads the same address again. The page is the site's way of saying it is overloaded.
  {
    kind: 'site-down',
    did: (p) => `answered with a page asking to try again in a moment (${quote(p.text)})`,
    test: (p) => {
      if (!terse(p) || p.$('script[src]').length > 0) return false
      const scripts = p.$('script:not([src])').text()
      // All the page's script is that countdown: a shop page's cart or back-button reload sits among much more.
      return scripts.length < 2000 && RELOADS_ITSELF.test(scripts) && /\bset(?:Timeout|Interval)\s*\(/.test(scripts)
    },
  },
  {
    generic: true,
    kind: 'site-down',
    // The page's own line saying so, else its title ("Desculpe, algo deu errado…" under the shop's title).
    did: (p) => `answered with an error page (${quote(errorHeadline(p, WENT_WRONG) ?? (p.title || p.$('h1').first().text()))})`,
    test: (p) =>
      p.short &&
      (/^\W*(?:http\W*)?(?:error\W*)?5\d\d\b|service (?:temporarily )?unavailable|bad gateway|gateway time-?out|internal server error|temporarily unavailable|under maintenance|down for maintenance|^\W*error page\b/i.test(
        headline(p),
      ) ||
        errorHeadline(p, WENT_WRONG) !== null ||
        // Only in its title or main heading: "system error codes" or "delivery service unavailable"
        // are a product's or a shop's words.
        SERVICE_ERROR.test(headline(p)) ||
        // Said only in its title or in its picture's alt text (Amazon.ca's "Something Went Wrong / Quelque chose s'est mal passé").
        WENT_WRONG.test(p.title) ||
        altSays(p, WENT_WRONG)),
  },
]

/** Whether a picture's alt text says `words` (a page whose message is an image). */
const altSays = (p: Probe, words: RegExp) =>
  p
    .$('img[alt]')
    .toArray()
    .some((img) => words.test(p.$(img).attr('alt') ?? ''))

/** What a page says to a browser without JavaScript (its <noscript>), whitespace collapsed. */
const noscriptText = (p: Probe) =>
  p
    .$('noscript')
    .toArray()
    .map((el) => {
      const inner = load(p.$(el).html() ?? '')
      inner('style, script').remove()
      inner('h1, h2, h3, p, div, li, br').after(' ')
      return inner.text()
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()

/** The first heading-like line of a short page that says `words`, or null. */
function errorHeadline(p: Probe, words: RegExp): string | null {
  // The first 80 lines that say something (empty placeholders do not push the message out); a <div>
  // of text alone is a line too ("<div>Desculpe, algo deu errado. Faça login…</div>").
  let lines = 0
  for (const el of p.$('h1, h2, h3, p, span, div').toArray()) {
    if (el.tagName === 'div' && !el.children.every((c) => c.type === 'text')) continue
    const line = p.$(el).text().replace(/\s+/g, ' ').trim()
    if (!line) continue
    if (line.length <= 120 && words.test(line)) return line
    if (++lines >= 80) break
  }
  return null
}

function headline(p: Probe): string {
  return `${p.title}\n${p.$('h1').first().text().replace(/\s+/g, ' ').trim()}`
}

/** Strong signs that a page carries a product: no rule applies to it. */
/** A headline that is an error status: "404", "Error 410", "HTTP 404 Not Found", "Page not found". */
const NOT_FOUND_HEADLINE = /^\W*(?:http\W*)?(?:error\W*)?(?:404|410)\b|^\W*(?:page )?not found\W*$/i

/** A sign-in form's fields: a password, or an e-mail address however the form names it. */
const SIGN_IN_INPUTS =
  'input[type="email"], input[type="password"], input[autocomplete="email"], input[autocomplete="username"], input[name*="email" i], input[aria-label*="email" i], input[placeholder*="email" i]'

/** An address's path that is a sign-in page ("/buyer/login", "/ap/signin", "/account/sign-in", "/login.html"). */
const SIGN_IN_PATH = /\/(?:log-?in|sign-?in|signin|auth(?:enticate)?)(?:[/._?#-]|$)/

function carriesProduct($: CheerioAPI, html: string): boolean {
  return (
    $('#productTitle').length > 0 ||
    /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:Product|ProductGroup)"/.test(html) ||
    ($('meta[property="og:type"]').attr('content') ?? '').toLowerCase().endsWith('product') ||
    $('[itemtype*="schema.org/Product" i]').length > 0 ||
    // A marketplace's own product data: AliExpress, TikTok Shop, Temu, DHgate.
    /imagePathList|window\.runParams\s*=\s*\{\s*data\s*:|"(?:product_base|productBase|goodsName|goods_name|itemName)"\s*:/.test(html)
  )
}

/** What the page's body shows in words (at most 5,000 characters), without the elements `without` selects. */
function visibleText($: CheerioAPI, without: string | null = null): string {
  const body = $('body').first()[0]
  if (!body) return ''
  return shownText(body, { skip: without ? new Set($(without).toArray()) : undefined }).slice(0, 5000)
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname.toLowerCase()
  } catch {
    return ''
  }
}

/** Elements looked at for the one saying a sentence, at most (a short page has a few hundred). */
const MAX_OWN_LINE_ELEMENTS = 5000

/** The sentence that says `words` in the innermost element saying it (blocks' texts run together in the page's). */
function ownLine($: CheerioAPI, words: RegExp): string | null {
  let line: string | null = null
  for (const el of $('body *').not('svg *, noscript *, template *').toArray().slice(0, MAX_OWN_LINE_ELEMENTS)) {
    // Later elements are inner ones or come after: the last that says it is the innermost.
    const said = shownText(el, { limit: 1000, maxNodes: 2000 })
    if (words.test(said)) line = errorLine(said, words) ?? line
  }
  return line
}

/** The sentence of `text` that says `words`, for the owner's message. */
function errorLine(text: string, words: RegExp): string | null {
  // Block elements' texts run together ("…looking for.GO BACK"): a sentence ends at its stop.
  return text.split(/(?<=[.!?])\s*/).find((t) => words.test(t)) ?? null
}

/**
 * The refusal a page amounts to, or null when it may carry a product. `status` is the HTTP status it
 * came with (a block page often comes as 200, sometimes as 403, 429 or 503).
 */
export function recognizeRefusal(
  page: { url: string; status: number; body: string },
  platform?: Platform | null,
  $?: CheerioAPI,
): ImportError | null {
  const html = page.body ?? ''
  const doc = $ ?? load(html)
  const product = carriesProduct(doc, html)
  // Under a product's head only the body's own markers count (no need to read its text).
  const text = product ? '' : visibleText(doc)
  const probe: Probe = {
    $: doc,
    html,
    title: doc('title')
      .first()
      .text()
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    text,
    short: !product && text.length < 3000,
    main: product ? '' : visibleText(doc, AROUND_THE_PAGE),
    path: pathOf(page.url),
  }
  const rule = BLOCK_RULES.find((r) => (!product || r.inBody) && r.test(probe))
  if (!rule || (rule.generic && page.status >= 400)) return null
  const site = siteLabel(page.url, platform)
  const who = rule.service ? `${rule.service}, which protects ${site},` : site
  const did = typeof rule.did === 'function' ? rule.did(probe) : rule.did
  const status = page.status >= 400 ? ` (HTTP ${page.status})` : ''
  return refusal(rule.kind, who, `${did}${rule.kind === 'refused' || rule.kind === 'site-down' ? status : ''}`, `${rule.kind}${status}`)
}
