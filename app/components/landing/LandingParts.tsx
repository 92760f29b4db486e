import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Logo } from '../ui/Logo'

/** The landing pages' own top bar: anchors into the page, docs, log in and the sign-up button. */
export function LandingNav() {
  return (
    <nav className="lp-nav" aria-label="Pagewright">
      <Logo to="/lp/1" />
      <div className="lp-nav__links">
        <a href="#how" className="lp-nav__wide">
          How it works
        </a>
        <a href="#plans" className="lp-nav__wide">
          Plans
        </a>
        <Link to="/docs" className="lp-nav__wide">
          Docs
        </Link>
        <Link to="/account/login">Log in</Link>
        <Link to="/account/sign-up" className="button button--primary button--small">
          Start free
        </Link>
      </div>
    </nav>
  )
}

export function Hero({
  eyebrow,
  title,
  lead,
  cta,
  children,
}: {
  eyebrow: string
  title: string
  lead: string
  cta: string
  children?: ReactNode
}) {
  return (
    <header className="lp-hero">
      <p className="lp-eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      <p className="lp-lead">{lead}</p>
      <div className="lp-actions">
        <Link to="/account/sign-up" className="button button--primary lp-button-lg" data-testid="hero-signup">
          {cta}
        </Link>
        <a href="#example" className="button lp-button-lg">
          See a real example
        </a>
      </div>
      {children}
    </header>
  )
}

export function Steps({ title, steps }: { title: string; steps: { title: string; text: string }[] }) {
  return (
    <section className="lp-section" id="how" aria-labelledby="how-title">
      <h2 id="how-title">{title}</h2>
      <ol className="lp-steps">
        {steps.map((s, i) => (
          <li key={s.title}>
            <span className="lp-steps__n" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

export function Points({ title, points }: { title: string; points: { title: string; text: string }[] }) {
  return (
    <section className="lp-section" aria-labelledby="points-title">
      <h2 id="points-title">{title}</h2>
      <div className="lp-points">
        {points.map((p) => (
          <div key={p.title}>
            <h3>{p.title}</h3>
            <p>{p.text}</p>
          </div>
        ))}
      </div>
    </section>
  )
}

export function Faq({ items }: { items: { q: string; a: ReactNode }[] }) {
  return (
    <section className="lp-section" id="faq" aria-labelledby="faq-title">
      <h2 id="faq-title">Questions</h2>
      <div className="lp-faq">
        {items.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <div className="lp-faq__a">{item.a}</div>
          </details>
        ))}
      </div>
    </section>
  )
}

export function FinalCta({ title, text, cta }: { title: string; text: string; cta: string }) {
  return (
    <section className="lp-final" aria-labelledby="final-title">
      <h2 id="final-title">{title}</h2>
      <p>{text}</p>
      <Link to="/account/sign-up" className="button lp-button-lg lp-button-invert" data-testid="final-signup">
        {cta}
      </Link>
    </section>
  )
}

export function LandingFooter() {
  return (
    <footer className="lp-footer">
      <span>© Pagewright</span>
      <nav aria-label="More">
        <Link to="/docs">Help and API docs</Link>
        <Link to="/docs#honesty">What we never invent</Link>
        <Link to="/demo-store" reloadDocument>
          Demo store
        </Link>
        <Link to="/account/login">Log in</Link>
      </nav>
    </footer>
  )
}
