import { expect, test } from '@playwright/test'
import { lastMail, signUp, uniqueEmail } from './support/helpers'

test('sign up, verify the e-mailed code, reload, log out', async ({ page }, info) => {
  const email = uniqueEmail(info, 'signup')
  await signUp(page, email, 'Ana Lima')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('avatar')).toHaveText('A')
  await expect(page.getByTestId('credits')).toHaveText('200 credits')
  await expect(page.getByTestId('plan')).toContainText('Free')

  await page.reload()
  await expect(page.getByTestId('avatar')).toBeVisible()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/account\/login$/)
  await expect(page.getByText('You are signed out.')).toBeVisible()
  // Without a session, `/` is the landing page that says what Pagewright is.
  await page.goto('/')
  await expect(page).toHaveURL(/\/lp\/1$/)
})

test('logging in from a guarded page comes back to it', async ({ page }, info) => {
  await page.goto('/latest')
  await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Flatest$/)
  const email = uniqueEmail(info, 'back')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByTestId('verify-email')).toHaveText(email)
  const { code } = await lastMail(email)
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(page).toHaveURL(/\/latest$/)
  await expect(page.getByRole('heading', { name: 'Latest pages' })).toBeVisible()
})

test('form messages come from the server word for word', async ({ page }, info) => {
  await page.goto('/account/login')
  await page.getByLabel('E-mail').fill('not-an-email')
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByText('Please enter a valid email')).toBeVisible()

  const email = uniqueEmail(info, 'wrong')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  await page.getByLabel('Code').fill('12ab56')
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(page.getByText('This field can only contain numbers')).toBeVisible()
  const { code } = await lastMail(email)
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(page.getByText('That code is not correct. You have 4 tries left.')).toBeVisible()
})

test('resending within 30 s is refused with the exact message', async ({ page }, info) => {
  const email = uniqueEmail(info, 'resend')
  await page.goto('/account/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  const resend = page.getByTestId('resend')
  if (info.project.name === 'js') {
    // With JS the wait counts down visibly and the button waits.
    await expect(resend).toHaveText(/^Resend code in (2\d|30)s$/)
    await expect(resend).toBeDisabled()
  } else {
    await resend.click()
    await expect(page.getByText(/^Please wait (2\d|30) seconds before requesting again\.$/)).toBeVisible()
    expect((await lastMail(email)).count).toBe(1)
  }
})

test('the one-click link from the e-mail signs in', async ({ page }, info) => {
  const email = uniqueEmail(info, 'link')
  await page.goto('/account/login')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page).toHaveURL(/\/account\/verify$/)
  const { link } = await lastMail(email)
  await page.goto(link)
  if (info.project.name === 'no-js') await page.getByRole('button', { name: 'Continue to Pagewright' }).click()
  await expect(page.getByTestId('avatar')).toBeVisible()
  // Spent: a second use explains itself.
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.goto(link)
  if (info.project.name === 'no-js') await page.getByRole('button', { name: 'Continue to Pagewright' }).click()
  await expect(page.getByText('This sign-in link has expired or was already used. Please request a new code.')).toBeVisible()
})

test('a referral link records the inviter on sign-up', async ({ page, browser }, info) => {
  await signUp(page, uniqueEmail(info, 'inviter'))
  await page.goto('/?dialog=refer')
  const link = await page.getByLabel('Your referral link').inputValue()
  expect(link).toMatch(/\/r\/[A-Z2-9]{8}$/)
  const friend = await browser.newContext({ javaScriptEnabled: info.project.name === 'js' })
  const friendPage = await friend.newPage()
  await friendPage.goto(link)
  // The referral page says who invited them and what Pagewright is, then leads to sign-up.
  await expect(friendPage.getByRole('heading', { level: 1 })).toHaveText('Test invited you to Pagewright')
  await friendPage.getByRole('link', { name: 'Create your free account' }).click()
  await expect(friendPage).toHaveURL(/\/account\/sign-up$/)
  await expect(friendPage.getByText('A friend invited you. Welcome!')).toBeVisible()
  await friend.close()
})

test('two tabs: the tab whose address another tab replaced says so, and the code sent last signs in', async ({ page, context }, info) => {
  const first = uniqueEmail(info, 'tab1')
  const second = uniqueEmail(info, 'tab2')
  await page.goto('/account/login')
  await page.getByLabel('E-mail').fill(first)
  await page.getByRole('button', { name: 'Send me a code' }).click()
  await expect(page.getByTestId('verify-email')).toHaveText(first)
  // Another tab of the same browser asks for a code for another address.
  const other = await context.newPage()
  await other.goto('/account/login')
  await other.getByLabel('E-mail').fill(second)
  await other.getByRole('button', { name: 'Send me a code' }).click()
  await expect(other.getByTestId('verify-email')).toHaveText(second)
  // The first tab types the first address's code: it is told what happened, not that the code is wrong.
  await page.getByLabel('Code').fill((await lastMail(first)).code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(
    page.getByText(
      `This page was for ${first}, but a code has since been asked for ${second} in another tab or window. Enter the code sent to ${second}, or use a different e-mail to ask for ${first} again.`,
    ),
  ).toBeVisible()
  await expect(page.getByTestId('verify-email')).toHaveText(second)
  await page.getByLabel('Code').fill((await lastMail(second)).code)
  await page.getByRole('button', { name: 'Verify and continue' }).click()
  await expect(page.getByTestId('avatar')).toBeVisible()
})
