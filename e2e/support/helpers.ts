import { expect, test, type Page, type TestInfo } from '@playwright/test'

const mailbox = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT ?? 3199}`

/** A fresh address per test and project, so runs never collide. */
export function uniqueEmail(info: TestInfo, label = 'user', domain = 'example.com') {
  return `${label}-${info.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@${domain}`
}

/** Staff addresses are admins in the e2e server (ADMIN_EMAILS=@staff.e2e.test): not free. */
export const staffEmail = (info: TestInfo, label = 'staff') => uniqueEmail(info, label, 'staff.e2e.test')

export const EVIL_STORE = `http://127.0.0.1:${process.env.E2E_EVIL_STORE_PORT ?? 3197}`

/** The last code and link the SMTP listener received for this address. */
export async function lastMail(email: string): Promise<{ code: string; link: string; count: number }> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${mailbox}/last?to=${encodeURIComponent(email)}`)
    if (res.ok) return res.json()
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail for ${email}`)
}

/** Signs up through the real forms (works with JS on or off). */
export async function signUp(page: Page, email: string, name = 'Test Owner') {
  await page.goto('/account/sign-up')
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  const { code } = await lastMail(email)
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(page.getByTestId('avatar')).toBeVisible()
}

/**
 * With JavaScript on, waits until Remix has taken over the page. Its router's start rewrites the
 * history entry (`history.replaceState`), and Chromium drops a link's navigation begun just before
 * that: a click between the document's arrival and hydration can do nothing. Without JavaScript, a
 * no-op.
 */
export async function hydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return
  await page.waitForFunction(() => '__remixRouter' in window)
}
