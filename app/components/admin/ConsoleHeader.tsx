import { Form, Link } from '@remix-run/react'

/** The console's one header: its name and the search form (a plain GET, no script needed). */
export function ConsoleHeader({ q = '' }: { q?: string }) {
  return (
    <header className="console-header">
      <Link to="/admin" className="console-home">
        Support console
      </Link>
      <Form method="get" action="/admin" role="search" className="console-search">
        <label htmlFor="console-q" className="sr-only">
          E-mail, uuid or invitation code
        </label>
        <input id="console-q" name="q" type="search" defaultValue={q} placeholder="E-mail, uuid or invitation code" maxLength={254} />
        <button type="submit">Search</button>
      </Form>
    </header>
  )
}
