import { Form, Link } from '@remix-run/react'
import { AUTH_RATE_LIMIT, LOGIN_CODE } from '../../../server/domain/accounts'
import { CREDITS_PER_PAGE } from '../../../server/domain/entitlements'
import { INPUT_LIMITS } from '../../../server/domain/text-input'

const minutes = (ms: number) => Math.round(ms / 60_000)
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`

interface ApiGuideProps {
  publicUrl: string
  signedIn: boolean
  /** The end of the account's current key (`pwk_…abcd`), or null when it has none. */
  apiKeyHint: string | null
  /** A key made by this very request: the only time it is ever shown. */
  createdKey: string | null
  /** Why the last post made no key (a form this page does not know). */
  formError?: string | null
}

/** Getting and using an API key, the limits the api enforces and its error contract. */
export function ApiGuide({ publicUrl, signedIn, apiKeyHint, createdKey, formError }: ApiGuideProps) {
  return (
    <>
      <h2 id="api">The API</h2>
      <p>
        Everything the Pagewright screens do goes through the same JSON api, and you can call it too: make pages from product links, read
        them, publish them to your store. The api lives under <code>{publicUrl}/v2</code> (and <code>/v3</code> for the outline flow).
      </p>

      <h3 id="api-key">Getting an API key</h3>
      <p>
        Each account has one API key, a secret that starts with <code>pwk_</code>. Pagewright keeps only a fingerprint of it, so a key is
        shown once, when you make it. Making a new key replaces the old one at once: programs still using the old key get 401.
      </p>
      <div className="docs-key" data-testid="api-key-panel">
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        {createdKey ? (
          <>
            <p>
              <strong>Your new API key.</strong> Copy it now: it is not shown again.
            </p>
            <p>
              <code className="docs-secret" data-testid="new-api-key">
                {createdKey}
              </code>
            </p>
          </>
        ) : signedIn ? (
          <>
            <p>
              {apiKeyHint ? (
                <>
                  Your account's current key ends like this: <code>{apiKeyHint}</code>.
                </>
              ) : (
                'Your account has no API key yet.'
              )}
            </p>
            <Form method="post" action="/docs#api-key">
              <input type="hidden" name="intent" value="api-key" />
              <button type="submit" className="button button--primary">
                {apiKeyHint ? 'Make a new API key' : 'Make an API key'}
              </button>
            </Form>
          </>
        ) : (
          <p>
            <Link to="/account/login?redirectTo=%2Fdocs">Log in</Link> and come back to this section to make your key, or{' '}
            <Link to="/account/sign-up">create a free account</Link>.
          </p>
        )}
      </div>
      <p className="muted small">
        Programs can also make a key themselves with <code>POST /v2/auth/api-key</code>, signed in with an access token.
      </p>

      <h3 id="using-the-key">Using it</h3>
      <p>
        Send the key in the <code>Authorization</code> header of every request as a bearer token. Bodies are JSON (
        <code>Content-Type: application/json</code>), and so are all answers.
      </p>
      <pre className="docs-code">
        <code>{`curl ${publicUrl}/v2/auth/me \\
  -H "Authorization: Bearer pwk_your_key"`}</code>
      </pre>
      <p>Make a page from a product link; it is written in the background (status 1 → 10), so ask for it again until it is done:</p>
      <pre className="docs-code">
        <code>{`curl -X POST ${publicUrl}/v2/tasks/create \\
  -H "Authorization: Bearer pwk_your_key" \\
  -H "Content-Type: application/json" \\
  -d '{"url": "https://your-store.myshopify.com/products/your-product"}'

curl ${publicUrl}/v2/tasks/SESSION_ID \\
  -H "Authorization: Bearer pwk_your_key"`}</code>
      </pre>
      <p>
        The key acts as your account: the same plan, credits and permissions as in the app. A page costs {CREDITS_PER_PAGE} credits, as it
        does on screen.
      </p>

      <h3 id="rate-limits">Rate limits</h3>
      <p>The api limits the requests that guard sign-in; the others are limited by your credits and plan, not by a request count.</p>
      <ul>
        <li>
          Sign-in codes (<code>POST /v2/auth/send-code</code>): {AUTH_RATE_LIMIT.defaultPerIp} requests per client address per{' '}
          {minutes(AUTH_RATE_LIMIT.windowMs)} minutes (the server's default; its operator may set another), and one code per e-mail every{' '}
          {LOGIN_CODE.resendWaitSeconds} seconds.
        </li>
        <li>
          Code checks (<code>POST /v2/auth/verify</code>): {AUTH_RATE_LIMIT.verifyFactor} times that per address. Each code allows{' '}
          {LOGIN_CODE.maxAttempts} tries and lives {minutes(LOGIN_CODE.lifetimeMs)} minutes; after {LOGIN_CODE.failureBudget} wrong codes
          for one e-mail within {minutes(LOGIN_CODE.failureWindowMs)} minutes, that e-mail waits out the{' '}
          {minutes(LOGIN_CODE.failureWindowMs)} minutes.
        </li>
        <li>
          Bodies: at most {kb(INPUT_LIMITS.jsonBytes)} of JSON, nested at most {INPUT_LIMITS.jsonDepth} levels.
        </li>
      </ul>
      <p>
        Over a limit the answer is <code>429</code> with a <code>Retry-After</code> header and the same number of seconds in{' '}
        <code>retry_after</code>: wait that long, then try again.
      </p>

      <h3 id="errors">Errors</h3>
      <p>
        Every answer that is not a 2xx has a JSON body with an <code>error</code> field: a sentence you can show a person as it is.
      </p>
      <pre className="docs-code">
        <code>{`{ "error": "There is nothing with this id for this account." }`}</code>
      </pre>
      <dl className="docs-statuses docs-statuses--wide">
        <div>
          <dt>400</dt>
          <dd>
            The input is not valid. <code>fields</code> has the messages per field, <code>field</code> names the one field it is about.
          </dd>
        </div>
        <div>
          <dt>401</dt>
          <dd>No key or token, or one that no longer works (replaced key, ended session).</dd>
        </div>
        <div>
          <dt>403</dt>
          <dd>
            Your plan does not allow this; <code>permission</code> says which (for example <code>generate</code> when credits run low).
          </dd>
        </div>
        <div>
          <dt>404</dt>
          <dd>Nothing with this id for your account (another account's page is a 404 too), or no such endpoint.</dd>
        </div>
        <div>
          <dt>409</dt>
          <dd>
            The thing is not in a state that allows this, e.g. saving a page from a <code>base_version</code> that is no longer current (the
            answer carries the current <code>version</code>).
          </dd>
        </div>
        <div>
          <dt>413</dt>
          <dd>The request body is too large.</dd>
        </div>
        <div>
          <dt>429</dt>
          <dd>
            Too many requests: wait <code>Retry-After</code> seconds.
          </dd>
        </div>
        <div>
          <dt>502</dt>
          <dd>A service the call depends on failed (e-mail, Stripe, Shopify). Trying again later usually works.</dd>
        </div>
        <div>
          <dt>503</dt>
          <dd>
            Pagewright is briefly unavailable (its database is not answering); the <code>Retry-After</code> header says when to try again.
          </dd>
        </div>
      </dl>

      <h3 id="openapi">OpenAPI document</h3>
      <p>
        The reference below is made from an OpenAPI 3.1 document that is generated from the same schemas the api checks requests with, so it
        always matches what is served. Load it into your tools (Postman, code generators):{' '}
        <a href="/v2/openapi.json" data-testid="openapi-link">
          {publicUrl}/v2/openapi.json
        </a>
        .
      </p>
    </>
  )
}
