import { describe, expect, it } from 'vitest'
import { fakeFetcher, fixture } from '../../../tests/fixtures/import/fake-fetcher'
import { recognizeRefusal, statusError } from './refusals'
import { ImportError } from './types'
import { importProduct } from './index'

const now = new Date('2026-03-10T12:00:00Z')
const page = (body: string, status = 200, url = 'https://www.amazon.com/dp/B0C7X4K2QZ') => ({ url, status, body })

// Block pages as these services serve them, reduced to what identifies them (written for these tests).
const PAGES = {
  // Akamai's refusal in the shop's own dress: words of an error or of maintenance, Akamai's reference,
  // the page's files in its deny folder.
  akamaiDressedAsMaintenance: `<!doctype html><html><head><title>Shop | Down for Maintenance</title><link rel="icon" href="/custom-deny/favicon.ico"></head>
    <body><img src="/custom-deny/logo.png"><h1>Shop is currently down for scheduled maintenance.</h1>
    <p>Reference ID: 0.a1d21102.1615850950.1ae69c10</p></body></html>`,
  notFoundJapanese: `<!doctype html><html lang="ja"><head><title>ショップ</title></head><body><header><a href="/">ログイン</a></header>
    <main><p>ページが見つかりませんでした</p><p>お探しのページはURLが間違っているか、削除された可能性があります。</p><a href="/">トップページへ</a></main></body></html>`,
  notFoundSwedishTitle: `<!doctype html><html lang="sv"><head><title>Sidan kunde inte hittas - Bokhandel</title></head><body><header><nav>${'<a href="/b">Böcker</a> <a href="/s">Spel</a> '.repeat(80)}</nav></header><main><h1>Oj, här saknades det visst en sida!</h1></main><footer>${'<a href="/k">Kundservice</a> '.repeat(60)}</footer></body></html>`,
  // PrestaShop's 404 inside the shop's header and menus, as its English storefront words it.
  notFoundInShop: `<!doctype html><html lang="en"><head><title>Chandlery SL</title></head><body><header><nav>${'<a href="/c">Ropes</a> <a href="/d">Deck</a> '.repeat(40)}</nav></header>
    <section id="main"><div id="pagenotfound"><h4>The page you are looking for was not found.</h4><p>No products available yet.</p></div></section></body></html>`,
  notFoundInShopCouldnt: `<!doctype html><html lang="en"><head><title>Chandlery SL</title></head><body><header><nav>${'<a href="/c">Ropes</a> '.repeat(40)}</nav></header>
    <main><h2>The page you’re looking for couldn’t be found.</h2></main></body></html>`,
  notFoundGerman: `<!doctype html><html lang="de"><head><title>Shop</title></head><body><h2>Hoppla! Seite nicht gefunden</h2><a href="/">Zur Startseite</a></body></html>`,
  wentWrong: `<!doctype html><html lang="en"><head><title>Error Page | Shop</title></head><body><main><p>Oops.</p>
    <p>Something went wrong on our end</p><p>0.5c39c717.1785158953</p><p>Please go back and try again.</p></main></body></html>`,
  // A marketplace's shell (its title, menus, cookie banner) around an apology written in <div>s.
  wentWrongPortugueseInDivs: `<!doctype html><html lang="pt-BR"><head><title>Loja | Ofertas incríveis. Melhores preços do mercado</title></head><body>
    <nav><a href="/">Início</a> <a href="/ajuda">Precisa de ajuda?</a></nav><div class="box"><svg><path d="M1 1"></path></svg><div class="t">Página indisponível</div>
    <div class="d">Desculpe, algo deu errado. Faça login e tente novamente, ou volte para a página inicial.</div><div><button>Entrar</button><button>Voltar à Página Inicial</button></div></div>
    <div class="cookies">Usamos cookies para melhorar sua experiência. <button>Aceitar todos os cookies</button></div></body></html>`,
  systemErrorKorean: `<!doctype html><html lang="ko"><head><title>[에러] 에러페이지 - 시스템오류</title></head><body><a href="#menu">메인 메뉴로 바로가기</a>
    <div class="error"><strong>현재 서비스 접속이 불가합니다.</strong><br>동시에 접속하는 이용자 수가 많거나 인터넷 네트워크 상태가 불안정하여 접속이 불가합니다.</div>
    <a href="javascript:history.back()">이전 페이지로 가기</a> <a href="">새로고침</a><footer>네이버㈜</footer></body></html>`,
  amazonInterstitial: `<!doctype html><html><head><title>Amazon.com</title></head><body><div class="a-container">
    <h4>Click the button below to continue shopping</h4>
    <form method="get" action="/errors/validateCaptcha"><input type="hidden" name="amzn" value="x"><button type="submit">Continue shopping</button></form>
    </div></body></html>`,
  amazon503: `<!doctype html><html><head><title>Sorry! Something went wrong!</title></head><body>
    <a href="/ref=cs_503_logo"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
    <p>Sorry! Something went wrong on our end. Please go back and try again or go to Amazon's home page.</p>
    <img src="https://images-na.ssl-images-amazon.com/images/G/01/error/24._TTD_.jpg" alt="Dogs of Amazon"></body></html>`,
  amazon503German: `<html><head><title> Tut uns Leid! </title></head><body><center><a href="https://www.amazon.de/ref=cs_503_logo/"><img src="https://images-eu.ssl-images-amazon.com/images/G/03/general/de-logo.gif" alt="Amazon.de"></a>
    <table><tr><td><h2>Tut uns Leid!</h2> Während wir Ihre Eingabe ausführen wollten, ist ein technischer Fehler aufgetreten.</td></tr></table>
    <b><a href="https://www.amazon.de/ref=cs_503_link/">Klicken Sie hier, um zurück zur Homepage Amazon.de</a></b></center></body></html>`,
  tiktok: `<!doctype html><html><head><title>Security Check</title></head><body><div id="captcha_container">
    <div class="captcha_verify_container"><div>Drag the slider to fit the puzzle</div><img id="captcha-verify-image" src="data:,"></div></div></body></html>`,
  akamai: `<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>
    You don't have permission to access "http&#58;&#47;&#47;www&#46;example&#46;com&#47;p&#47;1" on this server.<P>
    Reference&#32;&#35;18&#46;2d1e3b17&#46;1710000000&#46;5a6b7c8</BODY></HTML>`,
  cloudflareCaptcha: `<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>
    <div id="cf-wrapper"><h1>One more step</h1><h2>Please complete the security check to access</h2>
    <div class="g-recaptcha"></div><span>Cloudflare Ray ID: 7a1b2c3d4e5f</span></div></body></html>`,
  cloudflareBlocked: `<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>
    <h1>Sorry, you have been blocked</h1><h2>You are unable to access example.com</h2></body></html>`,
  cloudflareBlockedTitleOnly: `<!DOCTYPE html><html><head><title>Access denied | shop.example used Cloudflare to restrict access</title></head><body>
    <h1>Sorry, you have been blocked</h1><p>This website is using a security service to protect itself from online attacks.</p></body></html>`,
  dataDome: `<html><head><title>shop.example</title></head><body><script>var dd={'rt':'c','cid':'x','host':'geo.captcha-delivery.com'}</script>
    <script src="https://ct.captcha-delivery.com/c.js"></script></body></html>`,
  genericCaptcha: `<html><head><title>Are you a robot?</title></head><body><h1>Please verify you are a human</h1><div class="h-captcha"></div></body></html>`,
  error503: `<html><head><title>503 Service Temporarily Unavailable</title></head><body><center><h1>503 Service Temporarily Unavailable</h1></center><hr><center>nginx</center></body></html>`,
  // A picture captcha put in the body while the head still carries the product's title and og: tags.
  temuCaptchaUnderProductHead: `<html><head><title>Ceramic Mug 350 ml - Temu</title><meta property="og:type" content="product">
    <meta property="og:title" content="Ceramic Mug 350 ml"></head><body class="verifyDialog"><div role="dialog">
    <div>安全验证</div><div>请按以下顺序点击相应的图片：'杯子','猫'</div><div id="imageSemantics"><img src="data:,"></div></div></body></html>`,
  temuScriptChallenge: `<html><body><script>(function(){var s=document.createElement('script');
    s.src='https://static.kwcdn.com/upload-static/assets/chl/js/0a1b2c3d.js';document.body.appendChild(s)})()</script></body></html>`,
  perimeterXHumanTouch: `<html><head><title>It needs a human touch</title></head><body><h1>It needs a human touch</h1>
    <p>Complete the task and we'll get you right back in.</p><div id="px-captcha"></div></body></html>`,
  // A Varnish-style edge refusal in Russian: only the title and the status say what it is.
  http403Russian: `<html lang="ru"><head><title>HTTP 403</title></head><body><h2>403 Error Forbidden</h2>
    <p>Доступ к сайту запрещен. Попробуйте зайти позже.</p><p>Guru meditation: 0a1b2c</p></body></html>`,
  amazon404: `<!doctype html><html><head><meta charset="utf-8"></head><body><form action="/s" method="GET" role="search">
    <a href="/"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/logo._TTD_.png" alt="Amazon.com"></a>
    <input name="field-keywords" placeholder="Search"></form><div><a href="/"><img src="https://images-na.ssl-images-amazon.com/images/G/01/error/title._TTD_.png"
    alt="Sorry! We couldn&#39;t find that page. Try searching or go to Amazon&#39;s home page."></a></div></body></html>`,
  error404: `<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>`,
  f5Rejected: `<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Please consult with your administrator.<br><br>
    Your support ID is: 1234567890123456789<br><br><a href='javascript:history.back();'>[Go Back]</a></body></html>`,
  // A flea market's listing that is gone: its words in a span, inside the site's own header and footer.
  itemGoneJapanese: `<!doctype html><html lang="ja"><head><meta property="og:title" content="フリマ"><meta property="og:type" content="website"></head>
    <body><header><a href="/">ログイン</a><a href="/sell">出品</a></header><main><aside><img src="/tag.svg" alt=""><div><span>この商品は存在しません</span></div></aside></main>
    <footer><a href="/help">ヘルプ</a></footer></body></html>`,
  // A browser check in a marketplace's own header: it says what it does, and nothing else.
  browserCheck: `<html><head><title>Pardon Our Interruption...</title></head><body><header><a href="/">Shop</a></header>
    <main><h1>Checking your browser before you access Shop.</h1><p>Your browser will redirect to your requested content shortly.</p>
    <p>Reference ID: 0f00</p></main></body></html>`,
  // The slider shown in a frame in place of the page (AliExpress).
  sliderInFrame: `<html><head><title>AliExpress</title></head><body><div>Loading…</div>
    <iframe src="//www.aliexpress.com:443/item/100.html/_____tmd_____/punish?x5secdata=abc&x5step=2"></iframe></body></html>`,
  // Akamai Bot Manager's behavioural challenge: an empty hidden container for its script to fill.
  akamaiChallenge: `<html lang="en"><head></head><body><script src="/Xy12/abc?v=1&t=42"></script>
    <div id="sec-if-cpt-container" role="main" style="display: none"><div class="behavioral-content"><h1 id="sec-text-if"></h1>
    <button disabled>Continue</button><p>Powered and protected by <a href="https://www.akamai.com">Privacy</a></p></div></div></body></html>`,
  // A "page not found" view inside a shop's full header, menus and footer.
  notFoundInMenus: `<html><head><title></title></head><body><header><nav>${'<a href="/c/lipstick">Lipstick</a> <a href="/c/kajal">Kajal</a> '.repeat(200)}</nav></header>
    <div class="content"><img src="/img/404.jpg" alt="not found"><div>Sorry!</div><div>We couldn't find the page you are looking for.</div><a href="/">Go back to the home page</a></div>
    <footer>${'<a href="/help">Help</a> '.repeat(100)}</footer></body></html>`,
  // A robot check in the site's own words (German), and a refusal naming the network (Spanish).
  robotWordsGerman: `<html lang="de"><head><title>Einen Moment bitte</title></head><body><main><h2>Einen Moment bitte …</h2>
    <p>Wir müssen sicherstellen, dass Sie kein Roboter sind. Die Seite lädt gleich neu.</p><p>ID: 5f1c</p></main></body></html>`,
  networkRefusalSpanish: `<html lang="es"><head><title>Sin conexión</title></head><body><h1>Parece que no hay conexión</h1>
    <p>Desactiva tu VPN o conéctate desde otra red e inténtalo de nuevo.</p><button>Actualizar</button></body></html>`,
}

describe('block and error pages', () => {
  it.each([
    ['amazonInterstitial', 'robot-check', /Amazon(\.com)? showed a robot check \("Click the button below to continue shopping"\)/],
    [
      'amazon503',
      'site-down',
      /Amazon(\.com)? answered with its error page \("Sorry! Something went wrong"\)( \(HTTP \d+\))?, also when we tried again/,
    ],
    [
      'amazon503German',
      'site-down',
      /answered with its error page \(the service is unavailable\)( \(HTTP \d+\))?, also when we tried again/,
    ],
    ['tiktok', 'robot-check', /showed a robot check \("Security Check"/],
    ['akamai', 'refused', /refused to show us the page \("Access Denied"\)/],
    ['akamaiDressedAsMaintenance', 'refused', /refused to show us the page \("Shop \| Down for Maintenance"\)/],
    ['cloudflareCaptcha', 'robot-check', /Cloudflare, which protects .*, showed a captcha \("Attention Required!"\)/],
    ['cloudflareBlocked', 'refused', /Cloudflare, which protects .*, blocked our request/],
    ['cloudflareBlockedTitleOnly', 'refused', /blocked our request/],
    ['dataDome', 'robot-check', /DataDome/],
    ['temuCaptchaUnderProductHead', 'robot-check', /showed a robot check \(a captcha: click the pictures it names\)/],
    ['temuScriptChallenge', 'robot-check', /showed a browser check \(a script to run instead of the page\)/],
    ['perimeterXHumanTouch', 'robot-check', /showed a robot check \("It needs a human touch": press and hold a button\)/],
    ['genericCaptcha', 'robot-check', /showed a robot check \("Are you a robot\?"\)/],
    ['amazon404', 'not-found', /answered with its "page not found" page/],
    ['http403Russian', 'refused', /answered with an error page \("HTTP 403"\)/],
    ['error503', 'site-down', /answered with an error page \("503 Service Temporarily Unavailable"\)/],
    ['error404', 'not-found', /there is no product page at this link/],
    ['notFoundJapanese', 'not-found', /answered with an error page \("ページが見つかりませんでした"\): there is no product page/],
    ['notFoundGerman', 'not-found', /answered with an error page \("Hoppla! Seite nicht gefunden"\)/],
    ['notFoundInShop', 'not-found', /"The page you are looking for was not found\."/],
    ['notFoundInShopCouldnt', 'not-found', /"The page you’re looking for couldn’t be found\."/],
    ['notFoundSwedishTitle', 'not-found', /answered with its "page not found" page \("Sidan kunde inte hittas - Bokhandel"\)/],
    ['wentWrong', 'site-down', /answered with an error page \("Something went wrong on our end"\)/],
    [
      'wentWrongPortugueseInDivs',
      'site-down',
      /answered with an error page \("Desculpe, algo deu errado\. Faça login e tente novamente, ou…"\)/,
    ],
    ['systemErrorKorean', 'site-down', /answered with an error page \("\[에러\] 에러페이지 - 시스템오류"\)/],
    ['f5Rejected', 'refused', /refused to show us the page \("Request Rejected"\)/],
    ['itemGoneJapanese', 'not-found', /answered with an error page \("この商品は存在しません"\): there is no product page/],
    ['sliderInFrame', 'robot-check', /showed a robot check \(a "slide to verify" captcha\)/],
    ['browserCheck', 'robot-check', /showed a browser check \("Pardon Our Interruption\.\.\."\)/],
    ['akamaiChallenge', 'robot-check', /Akamai, which protects .*, showed a browser check/],
    ['notFoundInMenus', 'not-found', /answered with its "page not found" page \("We couldn't find the page you are looking for\."\)/],
    ['robotWordsGerman', 'robot-check', /showed a robot check \("Einen Moment bitte"\)/],
    ['networkRefusalSpanish', 'refused', /refused to show us the page, naming our network \("Parece que no hay conexión"\)/],
  ] as const)('%s is refused as %s, whatever status it came with', (name, kind, words) => {
    for (const status of [200, 403, 503]) {
      const err = recognizeRefusal(page(PAGES[name], status))
      const generic = [
        'error503',
        'error404',
        'http403Russian',
        'notFoundJapanese',
        'notFoundGerman',
        'notFoundSwedishTitle',
        'wentWrong',
        'wentWrongPortugueseInDivs',
        'systemErrorKorean',
        'itemGoneJapanese',
        'notFoundInMenus',
        'notFoundInShop',
        'notFoundInShopCouldnt',
      ]
      if (generic.includes(name) && status !== 200) {
        // A site's own error template says no more than its status does.
        expect(err).toBeNull()
        continue
      }
      expect(err, `${name} ${status}`).toBeInstanceOf(ImportError)
      expect(err!.kind).toBe(kind)
      expect(err!.message).toMatch(words)
      // Only an error page is retried, and only its message says so; a robot check or a refusal is not.
      expect(err!.transient).toBe(kind === 'site-down')
      expect(/tried again/.test(err!.message)).toBe(kind === 'site-down')
    }
  })

  it('takes a page whose title says it is checking the device or browser, with nothing else to read, for a robot check', () => {
    const checking = (title: string) =>
      `<html><head><title>${title}</title><script src="/challenge/v2.js"></script></head><body><div id="app"></div>
      <noscript>Please enable JavaScript to continue.</noscript></body></html>`
    for (const status of [200, 403]) {
      const err = recognizeRefusal(page(checking('Shop — checking device'), status, 'https://shop.example/p/lipstick-12'))
      expect(err, `${status}`).toMatchObject({ kind: 'robot-check', transient: false })
      expect(err!.message).toMatch(/^Shop\.example ran a check of our browser \("Shop — checking device"\)/)
    }
    expect(recognizeRefusal(page(checking('Проверка браузера'), 200, 'https://shop.example/p/lipstick-12'))).toMatchObject({
      kind: 'robot-check',
    })
    // A product page that says it checks a device's compatibility is a product page.
    const product = `<html><head><title>Phone case — checking device fit</title></head><body><h1>Phone case</h1><p>€12.00</p>
      <p>${'Fits the phone snugly, soft edges. '.repeat(60)}</p></body></html>`
    expect(recognizeRefusal(page(product, 200, 'https://shop.example/p/case'))).toBeNull()
  })

  it("takes a short page with PerimeterX's script for its check, unless its heading says the page was not found", () => {
    const px = (h1: string) =>
      `<html><head><title>Walmart.com</title><script>window._pxAppId = 'PXu6b0qd2S';</script></head><body>${h1}<div id="app"></div></body></html>`
    expect(recognizeRefusal(page(px(''), 200, 'https://www.walmart.com/ip/123'))).toMatchObject({ kind: 'robot-check' })
    expect(
      recognizeRefusal(
        page(px('<h1>We couldn’t find this page</h1><p>Try searching or go to the homepage.</p>'), 200, 'https://www.walmart.com/ip/123'),
      ),
    ).toMatchObject({
      kind: 'not-found',
    })
  })

  it('takes a page that only a browser running its script gets past (a proof of work) for a check of our browser', () => {
    const challenge = `<!doctype html><html lang="es"><head><title></title></head><body><div id="root"><div class="spinner"></div></div>
      <noscript><style>#root{display:none}</style><h1>❌ This page requires JavaScript to work.</h1><p>Please enable JavaScript in your browser to continue.</p></noscript>
      <script type="module">const solve=async()=>{document.cookie="_c="+await work();window.location.reload()};solve()</script></body></html>`
    const err = recognizeRefusal(page(challenge, 200, 'https://shop.example/p/perfume-9'))
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
    expect(err!.message).toMatch(
      /ran a check of our browser that needs JavaScript \("This page requires JavaScript to work\. Please enable…"\)/,
    )
    // A page built by its script, asking for JavaScript too, but with nothing that sets a cookie and reloads: not a check.
    const shell = `<!doctype html><html><head><title>Lamp 3000</title></head><body><div id="app"></div>
      <noscript>You need to enable JavaScript to run this app.</noscript><script src="/static/main.js"></script></body></html>`
    expect(recognizeRefusal(page(shell, 200, 'https://shop.example/p/lamp-3000'))).toBeNull()
  })

  it('takes a page that waits for its script and refreshes itself, garbled or not, for a check of our browser', () => {
    // Stored as UTF-8 read twice: the owner reads the words as the site wrote them.
    const garbled = (s: string) => String.fromCharCode(...new TextEncoder().encode(s))
    const challenge = `<!doctype html><html><head><meta http-equiv="refresh" content="60"><title>${garbled('Почти готово...')}</title>
      <script type="module" src="/__challenge/index.js"></script></head><body><div class="w"><noscript><p>${garbled('Для работы сайта необходимо включить JavaScript')}</p></noscript>
      <div id="wait"></div></div><div id="r">${garbled('Запрос')}: 6ea04a1df930ec6110f6</div></body></html>`
    const err = recognizeRefusal(page(challenge, 200, 'https://shop.example/catalog/210131077/detail.aspx'))
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
    expect(err!.message).toContain('("Для работы сайта необходимо включить JavaScript")')
  })

  it('takes a short page whose only script loads it again ("busy, retry in 3 s") for an overloaded site, never a product page with such a script', () => {
    const busy = `<html><head><title>Online Shopping | Shop.example</title></head><body><header><img alt="logo" src="/l.png"></header>
      <main><img alt="A surge in requests" src="/busy.png"><div class="title">So many shoppers right now!</div><div>We're getting you there.</div>
      <button id="retry"></button></main><script>var b = document.getElementById("retry"); b.textContent = "Retry in 3s";
      var n = 3; var t = setInterval(() => { n--; b.textContent = "Retry in " + n + "s"; if (n <= 0) clearInterval(t) }, 1000);
      b.addEventListener("click", () => { window.location.replace(window.location.href) })</script></body></html>`
    const err = recognizeRefusal(page(busy, 200, 'https://www.shop.example/p/itm1'))
    expect(err).toMatchObject({ kind: 'site-down', transient: true })
    expect(err!.message).toContain('asking to try again in a moment ("So many shoppers right now!')
    // The same script on a product page (a cart that reloads) is the page's, not a refusal.
    const product = busy.replace('<title>', '<meta property="og:type" content="product"><title>')
    expect(recognizeRefusal(page(product, 200, 'https://www.shop.example/p/itm1'))).toBeNull()
    // A small shop's product page (microdata, no OpenGraph) that reloads when shown from the back button.
    const shop = `<html><head><title>Oak Stool | Small Shop</title><script src="/theme.js"></script></head><body>
      <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Oak Stool</h1><img itemprop="image" src="/stool.jpg">
      <span itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="price">89.00</span></span></div>
      <script>window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload() })</script></body></html>`
    expect(recognizeRefusal(page(shop, 200, 'https://small.example/stool'))).toBeNull()
    // Without a countdown, a reload is the page's own business (a cart's handler), not a busy site.
    const noCountdown = busy.replace(/var n = 3;.*?1000\);/s, '')
    expect(noCountdown).not.toContain('setInterval')
    expect(recognizeRefusal(page(noCountdown, 200, 'https://www.shop.example/p/itm1'))).toBeNull()
    const longPage = busy.replace('<main>', `<main><p>${'A long description of the product. '.repeat(60)}</p>`)
    expect(recognizeRefusal(page(longPage, 200, 'https://www.shop.example/p/itm1'))).toBeNull()
  })

  it("takes Akamai's wordless interstitial (a proof of work posted as bm-verify) for a browser check", () => {
    const interstitial = `<html><head><title>&nbsp;</title><meta http-equiv="refresh" content="5; URL='/s?k=lamp&bm-verify=AAQAAAAN'"></head>
      <body><iframe src="data:text/html,<img src=loading.gif>"></iframe><script>var xhr = new XMLHttpRequest();
      xhr.open("POST", "/_sec/verify?provider=interstitial", false); xhr.send(JSON.stringify({"bm-verify": "AAQ", "pow": 12}));</script></body></html>`
    expect(recognizeRefusal(page(interstitial, 200, 'https://www.amazon.in/dp/B0C7X4K2QZ'))).toMatchObject({
      kind: 'robot-check',
      transient: false,
    })
  })

  it('takes "access restricted" in the site’s own language for a refusal', () => {
    const ru = `<html lang="ru"><head><title>Доступ ограничен</title></head><body><h1>Доступ ограничен</h1>
      <p>Инцидент: chlg_2025_01JXX7W0</p><p>Чтобы решить проблему, отключите VPN или обновите страницу.</p><button>Обновить</button></body></html>`
    expect(recognizeRefusal(page(ru, 200, 'https://shop.example/product/redmi-a5'))).toMatchObject({ kind: 'refused' })
  })

  it('takes a short page saying "something went wrong" only in its title or in a picture’s alt text for the site’s error', () => {
    const title = `<html><head><title>Amazon.ca Something Went Wrong / Quelque chose s'est mal passé</title></head><body>
      <form action="/s"><input placeholder="Search / Rechercher"><button>Go / Aller</button></form>
      <img src="/error/500-title.png" alt="Sorry! Something went wrong. Please go back and try again."></body></html>`
    const alt = title.replace(/<title>.*<\/title>/, '<title>Amazon.ca</title>')
    for (const html of [title, alt]) {
      const err = recognizeRefusal(page(html, 200, 'https://www.amazon.ca/dp/B0C7X4K2QZ'))
      expect(err).toMatchObject({ kind: 'site-down', transient: true })
    }
  })

  it('takes a page titled "404 Not Found" inside full menus, with no product on it, for a missing page unless its status said so', () => {
    const menus = `<header><nav>${'<a href="/c/lipstick">Lipstick</a> <a href="/c/kajal">Kajal</a> '.repeat(200)}</nav></header>`
    const gone = (title: string) =>
      `<html><head><title>${title}</title></head><body>${menus}<div class="content"><img src="/img/oops.svg" alt=""><p>Oops!</p>
      <a href="/">Back to the shop</a></div><footer>${'<a href="/help">Help</a> '.repeat(100)}</footer></body></html>`
    for (const title of ['404 Not Found', 'Page introuvable – Boutique']) {
      const err = recognizeRefusal(page(gone(title), 200, 'https://shop.example/p/lipstick-12'))
      expect(err, title).toMatchObject({ kind: 'not-found', transient: false })
      expect(err!.message).toContain(`answered with its "page not found" page ("${title}")`)
      // With an error status the status says as much.
      expect(recognizeRefusal(page(gone(title), 404, 'https://shop.example/p/lipstick-12'))).toBeNull()
    }
    // A product page with the same menus: its title names the product, or its data carries one.
    const product = gone('Lipstick 12 Ruby – Shop')
      .replace('<p>Oops!</p>', '<h1>Lipstick 12 Ruby</h1><p>€9.90</p>')
      .replace('<footer>', '<footer><a href="/contact">Page not found? Ask us.</a> <a href="/404">404 Not Found</a>')
    expect(recognizeRefusal(page(product, 200, 'https://shop.example/p/lipstick-12'))).toBeNull()
    const named = gone('404 Not Found Tee').replace(
      '</head>',
      '<script type="application/ld+json">{"@type":"Product","name":"404 Not Found Tee"}</script></head>',
    )
    expect(recognizeRefusal(page(named, 200, 'https://shop.example/p/404-tee'))).toBeNull()
  })

  it('says what the owner can do', () => {
    const robot = recognizeRefusal(page(PAGES.tiktok, 200, 'https://shop.tiktok.com/view/product/1729384756473829'), 'tiktok')!
    expect(robot.message).toBe(
      `TikTok Shop showed a robot check ("Security Check": a puzzle to slide) instead of the product page, so we couldn't read it. A robot check doesn't clear up by retrying right away: try again later, paste the product page's text instead, or use your store's own product.`,
    )
    const refused = recognizeRefusal(page(PAGES.akamai, 403, 'https://www.example.com/p/1'))!
    expect(refused.message).toBe(
      `example.com refused to show us the page ("Access Denied") (HTTP 403), so we couldn't read the product. Paste the product page's text instead, or use your store's own product.`.replace(
        /^e/,
        'E',
      ),
    )
  })

  it('never takes a page for the slider because one of its frames names the slider in another address (Taobao’s login frame)', () => {
    const item = `<html><head><title>键盘外壳-淘宝网</title></head><body><h3 class="tb-main-title">键盘外壳</h3>
      <iframe src="https://login.taobao.com/member/login.jhtml?style=mini&redirectURL=https%3a%2f%2fdetail.taobao.com/item.htm/_____tmd_____/punish%3fx5secdata=abc"></iframe>
      <ul id="J_UlThumb"><li><img data-src="//gd4.alicdn.com/imgextra/i4/1/a.jpg_50x50.jpg"></li></ul></body></html>`
    expect(recognizeRefusal(page(item, 200, 'https://item.taobao.com/item.htm?id=1'))).toBeNull()
  })

  it('reads an apology after many empty placeholders', () => {
    const skeleton = `<html><head><title>Shop</title></head><body>${'<div class="skeleton"></div>'.repeat(90)}<p>Something went wrong on our end</p></body></html>`
    expect(recognizeRefusal(page(skeleton, 200, 'https://shop.example/p/1'))?.kind).toBe('site-down')
  })

  it('never takes a product page for a block page', () => {
    const product = `<html><head><title>Mug</title><script type="application/ld+json">{"@type":"Product","name":"Mug"}</script></head>
      <body><h1>Mug</h1><div class="a-popover">Sorry! Something went wrong. Please try again.</div>
      <div class="g-recaptcha"></div><form action="/errors/validateCaptcha"></form></body></html>`
    expect(recognizeRefusal(page(product))).toBeNull()
    const amazon = `<html><head><title>Sorry! Something went wrong!</title></head><body><span id="productTitle">Mug</span></body></html>`
    expect(recognizeRefusal(page(amazon))).toBeNull()
    // A shop whose page is long and merely mentions a captcha in its footer.
    const long = `<html><head><title>Blue Mug</title></head><body><h1>Blue Mug</h1><p>${'Stoneware mug. '.repeat(300)}</p><footer>This site is protected by reCAPTCHA.</footer></body></html>`
    expect(recognizeRefusal(page(long, 200, 'https://shop.example/mug'))).toBeNull()
    // A small shop's page whose review form asks to confirm one is not a robot.
    const small = `<html><head><title>Blue Mug</title></head><body><h1>Blue Mug</h1><p>€12.00</p><p>${'Stoneware mug. '.repeat(90)}</p>
      <form><textarea name="review"></textarea><label><input type="checkbox"> I confirm I am not a robot</label></form></body></html>`
    expect(recognizeRefusal(page(small, 200, 'https://shop.example/mug'))).toBeNull()
    // A short shop page whose own lines name a system error or an unavailable service: a product's or a shop's words.
    for (const line of [
      '<div class="stock">Temporarily unavailable</div>',
      '<div>Reads and clears engine, ABS and airbag system error codes.</div>',
      '<span>Delivery service unavailable for this pincode</span>',
      '<div>시스템 오류 없이 안정적인 연결</div>',
    ]) {
      const shop = `<html><head><title>Blue Mug</title></head><body><h1>Blue Mug</h1><p>$12.00</p>${line}</body></html>`
      expect(recognizeRefusal(page(shop, 200, 'https://shop.example/mug')), line).toBeNull()
    }
    // Marketplace pages whose product is in their data block, with the captcha widgets their scripts keep ready.
    for (const file of ['tiktok-shop.html', 'tiktok-next-data.html', 'temu.html', 'dhgate.html', 'aliexpress-runparams.html']) {
      const html = fixture(file).replace('<body>', '<body><div id="captcha_container"></div><div class="captcha_verify_container"></div>')
      expect(recognizeRefusal(page(html, 200, 'https://shop.tiktok.com/view/product/1729384756473829')), file).toBeNull()
    }
  })

  it('words a bare status for the owner: retried ones say they were tried again', () => {
    expect(statusError(404)).toMatchObject({
      transient: false,
      kind: 'not-found',
      message: "We couldn't find that page (404). Check the link.",
    })
    expect(statusError(403, 'walmart.com')).toMatchObject({ transient: false, kind: 'refused' })
    expect(statusError(403, 'walmart.com').message).toMatch(/^Walmart\.com refused to show us this page \(403\)/)
    for (const status of [408, 429, 500, 503]) {
      const e = statusError(status)
      expect(e.transient).toBe(true)
      expect(e.message).toMatch(/also when we tried again/)
      expect(e.message).not.toMatch(/we('ll| will) try again/i)
    }
  })
})

describe('a site’s own block page and a sign-in wall, inside its full header and footer', () => {
  /** A long page: the site's header and menus, `main`, and its footer (well over what a terse block page says). */
  const site = (title: string, main: string, head = '') =>
    `<html><head><title>${title}</title>${head}</head><body><header><a href="/"><img src="/logo.svg" alt="Jobs"></a>
    <nav>${'<a href="/jobs/nursing">Nursing jobs</a> <a href="/jobs/driving">Driving jobs</a> <a href="/jobs/remote">Remote jobs</a> '.repeat(60)}</nav>
    <a href="/login">Login</a></header><main>${main}</main>
    <footer>${'<a href="/help">Help centre</a> <a href="/privacy">Privacy</a> <a href="/terms">Terms of service</a> '.repeat(30)}</footer></body></html>`

  it('refuses a "Request Blocked" page, saying what it said', () => {
    const blocked = site('Blocked - Jobs.example', '<h1>Request Blocked</h1><p>You have been blocked from seeing this page.</p>')
    for (const status of [200, 403]) {
      const err = recognizeRefusal(page(blocked, status, 'https://jobs.example/viewjob?jk=4711'))
      expect(err, `${status}`).toMatchObject({ kind: 'refused', transient: false })
      expect(err!.message).toMatch(/^Jobs\.example refused to show us the page \("Request Blocked"\)/)
    }
  })

  it('refuses a sign-in wall that asks for an e-mail address, its title read without zero-width spaces', () => {
    const wall = site(
      '\u200bShop\u200b | \u200bLogin\u200b',
      `<h1>Sign in or register</h1><form action="/api/login" method="post">
        <input type="text" aria-label="Please enter your email address"><button type="submit">Continue</button></form>
        <p>${'By continuing you agree to our terms of use and privacy policy. '.repeat(10)}</p>`,
    )
    const err = recognizeRefusal(page(wall, 200, 'https://www.shop.example/goods.html?id=601099512'))
    expect(err).toMatchObject({ kind: 'refused', transient: false })
    expect(err!.message).toMatch(/^Shop\.example asked us to sign in instead of showing the page \("Shop \| Login"\)/)
  })

  it('refuses a shop’s own "Your access has been blocked" box and a wall that asks to sign in to an account', () => {
    const box = `<html><head><title>Shop.example</title></head><body><h1>Your access has been blocked</h1><p>Please write to us.</p>
      <h2>Access denied</h2><p>Error reference number: 1020</p></body></html>`
    expect(recognizeRefusal(page(box, 403, 'https://www.shop.example/p/4711'))?.message).toMatch(
      /refused to show us the page \("Your access has been blocked"\)/,
    )
    const wall = `<html><head><title>Shop</title></head><body><div>Olá! Para continuar, acesse</div><div>sua conta</div><button>Sou novo</button></body></html>`
    expect(recognizeRefusal(page(wall, 200, 'https://lista.shop.example/mug'))).toMatchObject({ kind: 'refused' })
  })

  it('refuses a short page that says it wants a sign-in first, quoting its own sentence', () => {
    const wall = `<html><head><title>Shop Example | Shop Online with Promos</title></head><body><a href="/help">Need help?</a>
      <div><div>Page Unavailable</div><div>Looks like you’re not logged in yet. Log in to continue or head back to the homepage.</div>
      <button>Log In</button><button>Back to Home Page</button></div></body></html>`
    const err = recognizeRefusal(page(wall, 200, 'https://shop.example/search?q=mug'))
    expect(err).toMatchObject({ kind: 'refused', transient: false })
    expect(err!.message).toMatch(
      /^Shop\.example asked us to sign in instead of showing the page \("Looks like you’re not logged in yet\."\)/,
    )
  })

  it('refuses the sign-in page a site sent us to, in a language no word list knows: its address and its password field say it', () => {
    // Written in Welsh for this test: neither the title nor the words are in a list of ours.
    const form = site(
      'Mewngofnodi | Siop',
      `<h1>Mewngofnodi</h1><form><input type="text" name="loginKey" placeholder="E-bost neu rif ffôn">
        <input type="password" name="password" placeholder="Cyfrinair"><button>Mewngofnodi</button></form>`,
    )
    for (const url of [
      'https://siop.example/buyer/login?next=%2Fp%2F4711',
      'https://www.siop.example/ap/signin',
      'https://siop.example/account/sign-in.html',
    ]) {
      const err = recognizeRefusal(page(form, 200, url))
      expect(err, url).toMatchObject({ kind: 'refused', transient: false })
      expect(err!.message).toMatch(/asked us to sign in instead of showing the page \("Mewngofnodi \| Siop"\)/)
    }
    // The same form at a product's own address is no proof (a shop may draw its sign-in box on every page).
    expect(recognizeRefusal(page(form, 200, 'https://siop.example/p/loginbox-stand'))).toBeNull()
    // Nor an address that names a sign-in without a password to give.
    expect(
      recognizeRefusal(page(site('Siop', '<h1>Mewngofnodi</h1><button>Google</button>'), 200, 'https://siop.example/login')),
    ).toBeNull()
  })

  it('reads an indented product page as long, whatever its header says', () => {
    const indent = '\n' + ' '.repeat(120)
    const header = `<header><a href="/account">Sign in to see your orders</a>${`<div>${indent}<a href="/c">Mugs</a>${indent}</div>`.repeat(60)}</header>`
    const shop = `<html><head><title>Blue Mug</title></head><body>${header}<main><h1>Blue Mug</h1><p>12 EUR</p>
      <p>${'A mug for tea and coffee, glazed by hand in our workshop. '.repeat(100)}</p></main></body></html>`
    expect(recognizeRefusal(page(shop, 200, 'https://shop.example/p/blue-mug'))).toBeNull()
  })

  it('reads a page of a hundred thousand sibling elements in one walk', () => {
    const many = `<html><head><title>Shop</title></head><body>${'<p>x</p>'.repeat(120_000)}</body></html>`
    expect(recognizeRefusal(page(many, 200, 'https://shop.example/p/1'))).toBeNull()
  })

  it('reads a wall whose sentence is broken by a line break as the words it shows', () => {
    const wall = `<html><head><title></title></head><body><header><img src="/logo.png" alt="Tienda"></header>
      <p class="message">¡Hola! Para continuar, ingresa a<br/>tu cuenta</p><a href="/registro">Soy nuevo</a><a href="/entrar">Ya tengo cuenta</a></body></html>`
    const err = recognizeRefusal(page(wall, 200, 'https://listado.tienda.example/audifonos'))
    expect(err).toMatchObject({ kind: 'refused', transient: false })
    expect(err!.message).toMatch(/asked us to sign in instead of showing the page \("Para continuar, ingresa a tu cuenta"\)/)
  })

  it('tells AWS WAF’s challenge, a page that is only a script, and a country picker from a page we failed to read', () => {
    const waf = `<!DOCTYPE html><html lang="en"><head><title></title><script>window.gokuProps = {"key":"x"};</script>
      <script src="https://abc.def.us-east-2.token.awswaf.com/abc/def/ghi/challenge.js"></script></head>
      <body><div id="challenge-container"></div><script>AwsWafIntegration.getToken().then(() => window.location.reload(true));</script>
      <noscript><h1>JavaScript is disabled</h1>In order to continue, we need to verify that you're not a robot.</noscript></body></html>`
    const err = recognizeRefusal(page(waf))
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
    expect(err!.message).toMatch(/^AWS WAF, which protects amazon\.com, showed a browser check/)

    const onlyScript = `<html><body><script></script><script>var _0x1=['reload','decrypt'];${'(function(a){return a})(1);'.repeat(120)}</script></body></html>`
    expect(recognizeRefusal(page(onlyScript, 200, 'https://shop.example/g-601.html'))?.message).toMatch(
      /showed a browser check \(a script to run instead of the page\)/,
    )
    // A page with a title, or one that loads its own script, is a page drawn by script: not a challenge.
    expect(
      recognizeRefusal(page(onlyScript.replace('<html>', '<html><head><title>Mug</title></head>'), 200, 'https://shop.example/g-601.html')),
    ).toBeNull()
    expect(
      recognizeRefusal(
        page(onlyScript.replace('<script></script>', '<script src="/app.js"></script>'), 200, 'https://shop.example/g-601.html'),
      ),
    ).toBeNull()

    const picker = `<html lang="en"><head><title>Shop: everything in one place</title><meta property="og:title" content="Shop"></head>
      <body><div id="country-selection" data-fragment="country-selection"><div class="loader"></div></div><script>load('country-selection')</script></body></html>`
    expect(recognizeRefusal(page(picker, 200, 'https://www.shop.example/en/mug-p-123'))?.message).toMatch(
      /^Shop\.example showed its country selection instead of the product page/,
    )
    // AWS's script on an ordinary page (it protects the page's forms) is no challenge.
    const sdk = `<html><head><title>Blue Mug</title><meta property="og:title" content="Blue Mug">
      <script src="https://abc.def.us-east-2.token.awswaf.com/abc/def/ghi/challenge.js"></script></head>
      <body><h1>Blue Mug</h1><p>12 EUR</p><p>A mug for tea.</p><script>AwsWafIntegration.fetch('/cart')</script></body></html>`
    expect(recognizeRefusal(page(sdk, 200, 'https://shop.example/p/blue-mug'))).toBeNull()
    // A shop drawn by script with a country switcher in its header, naming its product in meta tags, is no picker.
    const shell = `<html><head><title>Blue Mug</title><meta property="og:title" content="Blue Mug">
      <meta property="og:image" content="https://cdn.shop.example/mug.jpg"><meta property="product:price:amount" content="12"></head>
      <body><header><div class="header__country-selector"><button>EUR</button></div></header><div id="app"></div></body></html>`
    expect(recognizeRefusal(page(shell, 200, 'https://shop.example/p/blue-mug'))).toBeNull()
    expect(
      recognizeRefusal(
        page(shell.replace(/<meta property="(?:og:image|product:price:amount)"[^>]*>/g, ''), 200, 'https://shop.example/p/blue-mug'),
      ),
    ).toBeNull()
    // A product page with a country switcher in its header is read, not refused.
    const withSwitcher = picker.replace(
      '<div class="loader"></div>',
      `<h1>Blue Mug</h1><p>${'A mug for tea and coffee, glazed by hand. '.repeat(8)}</p>`,
    )
    expect(recognizeRefusal(page(withSwitcher, 200, 'https://www.shop.example/en/mug-p-123'))).toBeNull()
  })

  it('never refuses a product page for its login link or a sign-in title, nor a "Login" page with no field to sign in with', () => {
    const mug = '<h1>Blue Mug</h1><p>€12.00</p><footer><input type="email" placeholder="Your email for our newsletter"></footer>'
    const product = site(
      'Blue Mug – Sign in for member prices',
      mug,
      '<script type="application/ld+json">{"@type":"Product","name":"Blue Mug"}</script>',
    )
    expect(recognizeRefusal(page(product, 200, 'https://shop.example/p/blue-mug'))).toBeNull()
    const noFields = site('Shop | Login', '<h1>Welcome back</h1><button>Continue with Google</button><button>Continue with Apple</button>')
    expect(recognizeRefusal(page(noFields, 200, 'https://shop.example/p/blue-mug'))).toBeNull()
    // The same page asking for a password is a sign-in wall.
    const password = noFields.replace('<button>Continue with Apple</button>', '<input type="password" name="pw">')
    expect(recognizeRefusal(page(password, 200, 'https://shop.example/p/blue-mug'))).toMatchObject({ kind: 'refused' })
  })
})

describe('importProduct refuses a block page for what it is', () => {
  const URL_ = 'https://www.amazon.com/dp/B0C7X4K2QZ'

  it('as a 200 answer', async () => {
    const err = await importProduct(URL_, fakeFetcher({ [URL_]: { body: PAGES.amazonInterstitial } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
  })

  it('as an error answer the fetcher kept the page of', async () => {
    // The safe fetcher throws on an error status and keeps the start of the page on the error.
    const thrown = Object.assign(statusError(503), { page: { url: URL_, status: 503, body: PAGES.amazon503 } })
    const err = await importProduct(URL_, fakeFetcher({ [URL_]: { throws: thrown } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'site-down', transient: true })
    expect(err.message).toMatch(/^Amazon answered with its error page/)
    const challenge = Object.assign(statusError(403), {
      page: { url: 'https://shop.example/products/mug', status: 403, body: PAGES.cloudflareCaptcha },
    })
    const shop = await importProduct(
      'https://shop.example/products/mug',
      fakeFetcher({ 'https://shop.example/products/mug': { throws: challenge } }),
      now,
    ).catch((e) => e)
    expect(shop).toMatchObject({ kind: 'robot-check', transient: false })
    expect(shop.message).toMatch(/^Cloudflare, which protects shop\.example, showed a captcha/)
  })

  it('an error status whose page says nothing more keeps the status', async () => {
    const err = await importProduct(URL_, fakeFetcher({ [URL_]: { status: 503, body: '<html><body>busy</body></html>' } }), now).catch(
      (e) => e,
    )
    expect(err).toMatchObject({ kind: 'site-down', transient: true })
    expect(err.message).toMatch(/^Amazon had a problem answering \(503\), also when we tried again/)
  })
})

describe('a page at a product’s address that shows no product', () => {
  it('a shop shell rendered for a captcha challenge is a robot check', async () => {
    const url = 'https://us.fashion.example/Wide-Leg-Pants-p-158214269.html'
    const body = `<html><head><title>Women's &amp; Men's Clothing, Shop Online Fashion | FASHION</title></head><body><nav>New In Sale Women Men Kids</nav>
      <script>window.gbRawData = {"originalUrl":"/risk/challenge?captcha_type=903&redirection=https%3A%2F%2Fus.fashion.example%2F","lang":"us"}</script></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
  })

  it('a "Not Found" title before the site’s name, inside the site’s full menus, is a page not found', async () => {
    const url = 'https://www.extra.example/en-sa/mobiles/iphone-15-pro-max/p/1000'
    const menu = Array.from({ length: 60 }, (_, i) => `<li><a href="/c/${i}">Category ${i} for the home and office</a></li>`).join('')
    const body = `<html><head><title>\n Not Found - eXtra </title></head><body><header><ul>${menu}</ul></header>
      <main><div>404</div><p>Sorry! Can't seem to place your page! Try the below links.</p></main></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'not-found', transient: false })
  })

  it('a store page that names only the site is no product at this link', async () => {
    const url = 'https://www.sacada.example/look-13-inverno-17/p'
    const body = `<html lang="pt-BR"><head><title>Sacada</title></head><body><nav>Novidades Roupas Acessórios</nav><button>Produto Indisponível</button><h2>Você pode gostar</h2></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'not-found', transient: false })
    expect(err.message).toMatch(/^Sacada\.example showed no product at this address .*Check the link\.$/)
  })

  it('a storefront drawn by script, naming only its brand, is a page we cannot read without a browser, not a wrong link', async () => {
    const url = 'https://shop.acme.example/products/trail-runner'
    const body = `<html><head><title>Acme</title><script src="/assets/app.js" defer></script></head>
      <body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'script-shell', transient: false })
    expect(err.message).toMatch(
      /^Shop\.acme\.example sent a nearly empty page, without the product's name, because the product loads by script/,
    )
  })

  it('an app’s shell with no title at all is the same: a page that loads by script', async () => {
    const url = 'https://shop.acme.example/Trail-Runner-i.123.456'
    const body = `<html><head><meta charset="utf-8"><script>window.__LOCALE__='PH'</script><script src="/bundle.js"></script></head>
      <body><div id="main"></div><noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X"></iframe></noscript></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'script-shell', transient: false })
  })

  it('a challenge whose words are only in its <noscript> is a robot check', async () => {
    const url = 'https://www.market.example/product/led-driver-24v-123/'
    const body = `<html lang="ru"><head><title>Antibot Challenge Page</title></head><body>
      <noscript><div class="message"><h2>Please, enable JavaScript to continue</h2><span>We need to make sure that you are not a robot.</span></div></noscript>
      <div class="container"><input id="challenge" type="hidden" value="abc"><div class="loader"></div><span>fab_chlg_20241208185525_01JEKT</span></div>
      <script src="/challenge.js"></script></body></html>`
    const err = await importProduct(url, fakeFetcher({ [url]: { body } }), now).catch((e) => e)
    expect(err).toMatchObject({ kind: 'robot-check', transient: false })
    expect(err.message).toMatch(/showed a robot check \("Antibot Challenge Page"\)/)
  })
})
