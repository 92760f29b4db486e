import { randomBytes } from 'node:crypto'
import { CookieJar, request } from './http'
import { BENCH_STAFF_DOMAIN, type Product } from './product'

export const SESSION_COOKIE = '__pw_session'

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
  if (!jar.get(SESSION_COOKIE)) throw new Error(`sign-up did not set the ${SESSION_COOKIE} cookie`)

  const code = await product.loginCode(email)
  const verifyRes = await post('/account/verify', { code, intent: 'verify' })
  if (verifyRes.status !== 302 || verifyRes.headers.location !== '/')
    throw new Error(`verify: expected 302 to /, got ${verifyRes.status} → ${verifyRes.headers.location ?? '(no location)'}`)

  // Prove the session works before measuring anything with it.
  const home = await request(product.baseUrl + '/', { headers: { cookie: jar.header() } })
  if (home.status !== 200) throw new Error(`signed-in GET / answered ${home.status} (location: ${home.headers.location ?? '-'})`)
  return { email, cookie: jar.header() }
}
