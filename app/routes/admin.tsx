import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireStaff } from '~/.server/admin'
import { ConsoleHeader } from '~/components/admin/ConsoleHeader'
import { LocalTime } from '~/components/LocalTime'
import adminCss from '~/styles/admin.css?url'
import { ROLE_LABELS } from '../../server/domain/admin'

export const meta: MetaFunction = () => [{ title: 'Support console · Pagewright' }, { name: 'robots', content: 'noindex' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }]

/** /admin: find an account by e-mail (or its start), uuid or invitation code. Staff only; a 404 for anyone else. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireStaff(request, context)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 254)
  const { items } = await api.admin.search(q)
  return json({ q, items })
}

export default function ConsoleSearch() {
  const { q, items } = useLoaderData<typeof loader>()
  return (
    <div className="console">
      <ConsoleHeader q={q} />
      <main>
        <h1>{q ? `Accounts matching “${q}”` : 'Newest accounts'}</h1>
        {items.length === 0 ? (
          <p>No account matches. Search by the whole e-mail or its start, the account’s uuid, or its invitation code.</p>
        ) : (
          <ul className="results">
            {items.map((u) => (
              <li key={u.uuid}>
                <Link to={`/admin/users/${u.uuid}`}>{u.email}</Link>
                {u.status === 'disabled' ? ' (disabled)' : ''}
                <br />
                <small>
                  {[
                    u.name,
                    u.plan ? `${ROLE_LABELS[u.role]} · ${u.plan}` : ROLE_LABELS[u.role],
                    `${u.remaining_credit_count.toLocaleString('en-US')} credits`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {' · signed up '}
                  <LocalTime iso={u.created_at} />
                </small>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  )
}
