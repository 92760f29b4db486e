import { Link } from '@remix-run/react'
import { useRootData } from '../../lib/root-data'
import { Logo } from '../ui/Logo'

/** The template pages' own small header (they have no app layout, spec §2). */
export function TemplatesHeader() {
  const { user } = useRootData()
  return (
    <header className="tpl-header">
      <Logo />
      <nav aria-label="Templates">
        <Link to="/templates" className="tpl-header__gallery">
          Templates
        </Link>
        {user ? (
          <>
            <Link to="/">My pages</Link>
            <Link to="/generate" className="button button--primary button--small">
              New page
            </Link>
          </>
        ) : (
          <>
            <Link to="/account/login">Log in</Link>
            <Link to="/account/sign-up" className="button button--primary button--small">
              Sign up
            </Link>
          </>
        )}
      </nav>
    </header>
  )
}
