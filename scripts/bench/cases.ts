import type { PageCase } from './pages'

/** Every page the bench measures, in table order. Later capabilities add their pages here. */
export const PAGE_CASES: PageCase[] = [
  { name: 'login', path: '/account/login', needsSession: false },
  { name: 'sign-up', path: '/account/sign-up', needsSession: false },
  { name: 'home', path: '/', needsSession: true },
  // Reading pages (issue 11): no script at all.
  { name: 'landing', path: '/lp/1', needsSession: false },
  { name: 'templates', path: '/templates', needsSession: false },
  { name: 'post', path: '/posts/ftc-fake-reviews-rule', needsSession: false },
]
