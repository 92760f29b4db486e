import { Form, Link } from '@remix-run/react'
import { FAVORITE_INTENT } from '~/forms/templates'

/** Save or remove a favourite template (a POST form: works without JS); signed-out: a way to sign in. */
export function FavoriteToggle({
  templateId,
  name,
  signedIn,
  favorite,
  action,
  back,
  keep = {},
}: {
  templateId: number
  name: string
  signedIn: boolean
  favorite: boolean
  /** The route that handles it. */
  action: string
  /** Where the sign-in comes back to. */
  back: string
  /** Fields sent back so the answer returns to the same filters. */
  keep?: Record<string, string>
}) {
  if (!signedIn)
    return (
      <Link to={`/account/login?redirectTo=${encodeURIComponent(back)}`} className="tpl-fav-signin">
        Sign in to save favourites
      </Link>
    )
  return (
    <Form method="post" action={action} className="tpl-fav">
      <input type="hidden" name="template_id" value={templateId} />
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        name="intent"
        value={favorite ? FAVORITE_INTENT.remove : FAVORITE_INTENT.add}
        className={`button button--small tpl-fav__button${favorite ? ' tpl-fav__button--on' : ''}`}
        aria-pressed={favorite}
        aria-label={favorite ? `Remove ${name} from favourites` : `Save ${name} to favourites`}
        data-testid="favorite-toggle"
      >
        <span aria-hidden="true">{favorite ? '★' : '☆'}</span> {favorite ? 'Saved' : 'Save'}
      </button>
    </Form>
  )
}
