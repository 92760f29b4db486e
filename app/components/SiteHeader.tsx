import { Link, NavLink } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { Logo } from './ui/Logo'

const NAV = [
  { to: '/templates', label: 'Templates' },
  { to: '/sections', label: 'Sections' },
  { to: '/posts', label: 'Posts' },
  { to: '/trending', label: 'Trending' },
  { to: '/docs', label: 'Docs' },
]

/**
 * The one header of the public reading pages (templates, sections, posts, trending, docs): the logo
 * home, the libraries, and sign-in or the owner's pages. Plain links: these pages ship no script.
 */
export function SiteHeader() {
  const { user } = useRootData()
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Logo />
        <nav aria-label="Pagewright" className="site-nav">
          {NAV.map((n) => (
            <NavLink key={n.to} to={n.to} className="site-nav__link">
              {n.label}
            </NavLink>
          ))}
        </nav>
        {user ? (
          <Link to="/" className="button button--small site-header__account">
            My pages
          </Link>
        ) : (
          <Link to="/account/login" className="button button--small site-header__account">
            Sign in
          </Link>
        )}
      </div>
    </header>
  )
}
