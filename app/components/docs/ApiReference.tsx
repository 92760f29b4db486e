import { schemaId, type Field, type ReferenceGroup, type ReferenceOperation, type Shape } from '~/lib/api-reference'

/** Where an operation's full description is: its area's page of the reference. */
export const operationHref = (area: string, opId: string) => `/docs?area=${encodeURIComponent(area)}#${opId}`

type IndexGroup = Pick<ReferenceGroup, 'tag' | 'id' | 'area'> & {
  operations: Pick<ReferenceOperation, 'id' | 'method' | 'path' | 'summary'>[]
}

/**
 * Every operation of the api in one list by area, each a link to its area's page. The full
 * descriptions live on those pages so that /docs stays a light page on a slow line.
 */
export function ReferenceIndex({ groups }: { groups: IndexGroup[] }) {
  return (
    <>
      {groups.map((group) => (
        <section key={group.id} className="docs-group" aria-labelledby={group.id}>
          <h3 id={group.id}>
            <a href={`/docs?area=${group.area}`}>{group.tag}</a>
          </h3>
          <ul className="docs-oplist">
            {group.operations.map((op) => (
              <li key={op.id} data-operation={`${op.method} ${op.path}`}>
                <a href={operationHref(group.area, op.id)}>
                  <Method method={op.method} /> <code>{op.path}</code>
                </a>{' '}
                <span className="muted">{op.summary}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  )
}

/** One area of the api in full, then the shared schemas its operations link to. Plain markup: no script. */
export function ReferenceArea({ group, schemas }: { group: ReferenceGroup; schemas: { name: string; id: string; shape: Shape }[] }) {
  return (
    <>
      <ul className="docs-oplist">
        {group.operations.map((op) => (
          <li key={op.id}>
            <a href={`#${op.id}`}>
              <Method method={op.method} /> <code>{op.path}</code>
            </a>{' '}
            <span className="muted">{op.summary}</span>
          </li>
        ))}
      </ul>
      {group.operations.map((op) => (
        <OperationView key={op.id} op={op} />
      ))}
      {schemas.length ? (
        <section className="docs-group" aria-labelledby="schemas">
          <h2 id="schemas">Shared schemas</h2>
          <p>Answers and bodies above that name one of these link here.</p>
          {schemas.map((s) => (
            <article key={s.id} id={s.id} className="docs-op">
              <h3 className="docs-op__title">
                <code>{s.name}</code>
              </h3>
              <ShapeView shape={s.shape} />
            </article>
          ))}
        </section>
      ) : null}
    </>
  )
}

function Method({ method }: { method: string }) {
  return <span className={`docs-method docs-method--${method.toLowerCase()}`}>{method}</span>
}

function OperationView({ op }: { op: ReferenceOperation }) {
  return (
    <article id={op.id} className="docs-op" data-operation-detail={`${op.method} ${op.path}`}>
      <h2 className="docs-op__title">
        <Method method={op.method} /> <code className="docs-path">{op.path}</code>
      </h2>
      <p className="docs-summary">
        <Text text={op.summary} />
      </p>
      {op.description ? (
        <p>
          <Text text={op.description} />
        </p>
      ) : null}
      <p className={op.signedIn ? 'docs-auth docs-auth--key' : 'docs-auth'}>
        {op.signedIn ? (
          <>
            Needs <code>Authorization: Bearer &lt;API key&gt;</code> (or a sign-in access token).
          </>
        ) : (
          'No sign-in needed.'
        )}
      </p>
      {op.parameters.length ? (
        <>
          <h3 className="docs-op__part">Parameters</h3>
          <ul className="docs-fields">
            {op.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`}>
                <code className="docs-name">{p.name}</code> <span className="docs-type">{p.type}</span>{' '}
                <span className="docs-in">in {p.in}</span> {p.required ? <span className="docs-req">required</span> : null}
                <Details description={p.description} values={p.values} limits={p.limits} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {op.body ? (
        <>
          <h3 className="docs-op__part">Request body (JSON)</h3>
          <ShapeView shape={op.body} />
        </>
      ) : null}
      {op.answer ? (
        <>
          <h3 className="docs-op__part">Answer (JSON)</h3>
          <ShapeView shape={op.answer} />
        </>
      ) : null}
      <h3 className="docs-op__part">Status codes</h3>
      <dl className="docs-statuses">
        {op.statuses.map((s) => (
          <div key={s.code}>
            <dt>{s.code}</dt>
            <dd>
              <Text text={s.description} />
            </dd>
          </div>
        ))}
      </dl>
    </article>
  )
}

function TypeName({ type, refName }: { type: string; refName: string | null }) {
  if (!refName) return <span className="docs-type">{type}</span>
  const [before] = type.split(refName)
  return (
    <span className="docs-type">
      {before}
      <a href={`#${schemaId(refName)}`}>{refName}</a>
    </span>
  )
}

function ShapeView({ shape }: { shape: Shape }) {
  if (!shape.fields.length && !shape.variants.length)
    return (
      <p>
        {shape.ref && shape.type === shape.ref ? 'A ' : null}
        <TypeName type={shape.type} refName={shape.ref} />
        {shape.ref ? ' (its fields are under Shared schemas).' : null}
      </p>
    )
  return (
    <>
      {shape.type !== 'object' ? (
        <p>
          <TypeName type={shape.type} refName={shape.ref} />, each:
        </p>
      ) : null}
      <Fields fields={shape.fields} />
      <Variants variants={shape.variants} />
    </>
  )
}

function Fields({ fields }: { fields: Field[] }) {
  if (!fields.length) return null
  return (
    <ul className="docs-fields">
      {fields.map((f) => (
        <li key={f.name}>
          <code className="docs-name">{f.name}</code> <TypeName type={f.type} refName={f.ref} />
          {f.nullable ? <span className="docs-null"> or null</span> : null} {f.required ? <span className="docs-req">required</span> : null}
          <Details description={f.description} values={f.values} limits={f.limits} />
          <Fields fields={f.children} />
          <Variants variants={f.variants} />
        </li>
      ))}
    </ul>
  )
}

function Variants({ variants }: { variants: Shape['variants'] }) {
  if (!variants.length) return null
  return (
    <ul className="docs-variants">
      {variants.map((v) => (
        <li key={v.label}>
          <span className="docs-variant">{v.label}</span>
          <Fields fields={v.fields} />
        </li>
      ))}
    </ul>
  )
}

function Details({ description, values, limits }: { description: string | null; values: string[]; limits: string[] }) {
  if (!description && !values.length && !limits.length) return null
  return (
    <div className="docs-details">
      {description ? (
        <span>
          <Text text={description} />
        </span>
      ) : null}
      {values.length === 1 ? (
        <span>
          {' '}
          Always <code>{values[0]}</code>.
        </span>
      ) : values.length ? (
        <span>
          {' '}
          One of:{' '}
          {values.map((v, i) => (
            <span key={v}>
              {i ? ', ' : ''}
              <code>{v}</code>
            </span>
          ))}
          .
        </span>
      ) : null}
      {limits.length ? <span className="muted"> {capitalize(limits.join('; '))}.</span> : null}
    </div>
  )
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Text from the document: `backticks` become code, nothing else is markup. */
function Text({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part))}</>
}
