import { randomBytes } from 'node:crypto'
import { WEB_SESSION_COOKIE } from '../../server/domain/web-session'
import { CookieJar, request } from './http'
import { BENCH_STAFF_DOMAIN, type Product } from './product'

/** The api access token inside the web's signed session cookie (`__pw_session=<base64 JSON>.<signature>`). */
export function tokenOfCookie(cookie: string): string {
  const value = new RegExp(`${WEB_SESSION_COOKIE}=([^;]+)`).exec(cookie)?.[1]
  if (!value) throw new Error(`no ${WEB_SESSION_COOKIE} in ${cookie}`)
  const data = decodeURIComponent(value)
  const payload = data.slice(0, data.lastIndexOf('.'))
  const token = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')).token
  if (typeof token !== 'string') throw new Error('the session cookie carries no token (has its format changed?)')
  return token
}

/**
 * Signs a brand-new user up through the web forms (sign-up → login code from the server log →
 * verify) and returns the Cookie header of the signed-in browser.
 */
export async function signUp(product: Product): Promise<{ email: string; cookie: string }> {
  // Staff domain (ADMIN_EMAILS in product.ts): pages show at once, no free-user hide window.
  const email = `bench-${randomBytes(6).toString('hex')}@${BENCH_STAFF_DOMAIN}`
  const jar = new CookieJar()
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const post = async (path: string, fields: Record<string, string>) => {
    const res = await request(product.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: form(fields),
    }).catch((error: Error) => {
      throw new Error(
        `POST ${path} failed: ${error.message}\n--- server output (tail) ---\n${product.outputTail().trim().slice(-4000)}\n---`,
      )
    })
    jar.update(res.headers)
    return res
  }

  const signUpRes = await post('/account/sign-up', { name: 'Bench User', email })
  if (signUpRes.status !== 302 || !String(signUpRes.headers.location).startsWith('/account/verify'))
    throw new Error(`sign-up: expected 302 to /account/verify, got ${signUpRes.status} → ${signUpRes.headers.location ?? '(no location)'}`)
  if (!jar.get(WEB_SESSION_COOKIE)) throw new Error(`sign-up did not set the ${WEB_SESSION_COOKIE} cookie`)

  const code = await product.loginCode(email)
  const verifyRes = await post('/account/verify', { code, intent: 'verify' })
  if (verifyRes.status !== 302 || verifyRes.headers.location !== '/')
    throw new Error(`verify: expected 302 to /, got ${verifyRes.status} → ${verifyRes.headers.location ?? '(no location)'}`)

  // Prove the session works before measuring anything with it.
  const home = await request(product.baseUrl + '/', { headers: { cookie: jar.header() } })
  if (home.status !== 200) throw new Error(`signed-in GET / answered ${home.status} (location: ${home.headers.location ?? '-'})`)
  return { email, cookie: jar.header() }
}
