import { describe, expect, it } from 'vitest'
import { ConfigError, loadServerEnv, provideWebSessionSecret } from './env'

// Secrets given, so nothing is written to a data folder.
const SECRETS = { AUTH_SECRET: 'env-test-auth-secret-0123456789', TOKEN_ENCRYPTION_KEY: 'a'.repeat(64) }
const DATABASE_URL = 'postgres://pagewright@db.internal:5432/pagewright'
const load = (settings: Partial<NodeJS.ProcessEnv>) => loadServerEnv({ NODE_ENV: 'development', ...SECRETS, ...settings })

describe('DEMO_SHOP', () => {
  it('is on in the embedded default (npm start, PGlite), also in production mode', () => {
    expect(load({}).demoShop).toBe(true)
    expect(load({ NODE_ENV: 'production' }).demoShop).toBe(true)
    expect(load({ NODE_ENV: 'development', DATABASE_URL }).demoShop).toBe(true)
  })

  it('is off in a deployment: production with DATABASE_URL, or a web with API_URL', () => {
    expect(load({ NODE_ENV: 'production', DATABASE_URL }).demoShop).toBe(false)
    expect(load({ API_URL: 'http://api.internal:3000' }).demoShop).toBe(false)
    expect(load({ NODE_ENV: 'production', API_URL: 'http://api.internal:3000' }).demoShop).toBe(false)
  })

  it('honours on and off, and refuses anything else naming the setting', () => {
    expect(load({ NODE_ENV: 'production', DATABASE_URL, DEMO_SHOP: 'on' }).demoShop).toBe(true)
    expect(load({ API_URL: 'http://api.internal:3000', DEMO_SHOP: 'on' }).demoShop).toBe(true)
    expect(load({ DEMO_SHOP: 'off' }).demoShop).toBe(false)
    expect(() => load({ DEMO_SHOP: 'yes' })).toThrow(ConfigError)
    expect(() => load({ DEMO_SHOP: 'yes' })).toThrow(/DEMO_SHOP/)
  })

  it('an api deployed with it needs the web’s SESSION_SECRET (the demo shop reads the web’s session cookie)', () => {
    const deployed = load({ NODE_ENV: 'production', DATABASE_URL, DEMO_SHOP: 'on' })
    expect(() => provideWebSessionSecret(deployed, '/nonexistent')).toThrow(/SESSION_SECRET is required/)
    const given = load({ NODE_ENV: 'production', DATABASE_URL, DEMO_SHOP: 'on', SESSION_SECRET: 'web-secret-0123456789abcdef' })
    expect(provideWebSessionSecret(given, '/nonexistent')).toBe('web-secret-0123456789abcdef')
  })
})
