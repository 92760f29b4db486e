import { Form, Link, NavLink, useLocation } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { isStaff, offersUpgrade } from '../../server/domain/entitlements'
import { avatarLetter, planLabel } from '../../server/domain/user'
import { withParams } from '../lib/dialog-url'
import { useRootData } from '../lib/root-data'
import { preloadRoutes } from '../lib/route-preload'
import { Logo } from './ui/Logo'

const NAV = [
  { to: '/', label: 'My pages', end: true, route: 'routes/_default._index' },
  { to: '/latest', label: 'Latest', route: 'routes/_default.latest' },
  { to: '/products', label: 'Products', route: 'routes/_default.products' },
  { to: '/templates', label: 'Templates', route: 'routes/templates._index' },
  { to: '/stores', label: 'Stores', route: 'routes/stores' },
  { to: '/google-shopping', label: 'Google Shopping', route: 'routes/_default.google-shopping' },
  { to: '/subscription', label: 'Subscription', route: 'routes/_default.subscription' },
]
/** Where a signed-in person goes next: the side navigation and the page generator. */
const LIKELY_NEXT = [...NAV.map((n) => n.route), 'routes/_blank.generate']

/** The "default" layout: header with the account, side navigation, content. */
export function AppShell({ children }: { children: ReactNode }) {
  useEffect(() => preloadRoutes(LIKELY_NEXT), [])
  const { user } = useRootData()
  const { pathname, search } = useLocation()
  return (
    <div className="shell">
      <header className="topbar">
        <Logo />
        {user ? (
          <div className="account" data-testid="account">
            <Link to="/generate" className="button button--primary button--small">
              New page
            </Link>
            <span className="credits" title="Remaining credits" data-testid="credits">
              {`${user.remaining_credit_count.toLocaleString('en-US')} credits`}
            </span>
            {offersUpgrade(user) ? (
              <Link
                to={withParams(pathname, search, { dialog: 'upgrade' })}
                preventScrollReset
                className="badge badge--plan"
                data-testid="plan"
              >
                {/* A phone shows only "Upgrade" (one header row). */}
                <span className="plan-name">{`${planLabel(user)} · `}</span>
                Upgrade
              </Link>
            ) : (
              <span className="badge badge--plan" data-testid="plan">
                {planLabel(user)}
              </span>
            )}
            <Link to="/docs" className="button button--ghost button--small" title="Help and API docs">
              Help
            </Link>
            <span className="avatar" aria-label={`Signed in as ${user.email}`} title={user.email} data-testid="avatar">
              {avatarLetter(user)}
            </span>
            <Form method="post" action="/account/logout">
              <button type="submit" className="button button--ghost button--small">
                Log out
              </button>
            </Form>
          </div>
        ) : (
          <div className="account">
            <Link to="/docs" className="button button--ghost button--small">
              Help
            </Link>
            <Link to="/account/login" className="button button--ghost button--small">
              Log in
            </Link>
            <Link to="/account/sign-up" className="button button--primary button--small">
              Sign up
            </Link>
          </div>
        )}
      </header>
      <div className="shell-body">
        {user ? (
          <nav className="sidenav" aria-label="Main">
            {NAV.map((n) => (
              <NavLink key={n.to} to={n.to} end={n.end} className="sidenav-link">
                {n.label}
              </NavLink>
            ))}
            {/* Staff only: the support console (everyone else gets its 404). */}
            {isStaff(user) ? (
              <NavLink to="/admin" className="sidenav-link">
                Support
              </NavLink>
            ) : null}
          </nav>
        ) : null}
        <main className="content" id="main">
          {children}
        </main>
      </div>
    </div>
  )
}
