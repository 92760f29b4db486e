import type { ReactNode } from 'react'
import { Logo } from './ui/Logo'

/** The "blank" layout: just the mark and the page, for focused flows. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <div className="blank">
      <header className="blank-header">
        <Logo />
      </header>
      <main className="blank-main" id="main">
        {children}
      </main>
    </div>
  )
}
