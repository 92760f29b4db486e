import { Form } from '@remix-run/react'
import { EDIT_INTENT } from '~/forms/intents'
import { ADDABLE_SECTION_TYPES, SECTION_LIST_FIELDS, SECTION_TEXT_FIELDS } from '../../../server/domain/page/edit'
import type { Section } from '../../../server/domain/page/schema'
import { SECTION_LABELS } from '../../../server/domain/page/section-types'
import { REWRITE_INSTRUCTION_MAX } from '../../../server/domain/task-input'

const FIELD_LABELS: Record<string, string> = {
  heading: 'Heading',
  subheading: 'Subheading',
  ctaLabel: 'Button label',
  buttonLabel: 'Button label',
  text: 'Text',
  title: 'Title',
  value: 'Value',
  label: 'Label',
  question: 'Question',
  answer: 'Answer',
  name: 'Name',
}
const LONG = new Set(['subheading', 'text', 'answer'])

/** Plain text of a sanitised HTML body, paragraphs kept (the form edits text, not markup). */
const htmlToParagraphs = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

function TextInput({ id, name, label, value, long }: { id: string; name: string; label: string; value: string; long?: boolean }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {long ? (
        <textarea id={id} name={name} className="input" rows={3} defaultValue={value} maxLength={2000} />
      ) : (
        <input id={id} name={name} className="input" defaultValue={value} maxLength={300} />
      )}
    </div>
  )
}

/** One section of the editor: its own form (save), and buttons to move, hide, remove and rewrite it. */
export function SectionEditor({
  section,
  index,
  count,
  version,
  images,
  highlighted,
  error,
}: {
  section: Section
  index: number
  count: number
  version: number
  images: string[]
  highlighted: boolean
  error?: string
}) {
  const key = `s-${section.id}`
  const listFields = SECTION_LIST_FIELDS[section.type]
  const items = listFields ? ([...(section as { items: Record<string, string>[] }).items, {}] as Record<string, string>[]) : []
  const name = section.heading || SECTION_LABELS[section.type]
  return (
    <section
      id={`edit-${section.id}`}
      className={`card editor-section${highlighted ? ' editor-section--highlight' : ''}${section.hidden ? ' editor-section--hidden' : ''}`}
      aria-labelledby={`${key}-title`}
    >
      <header className="editor-section__head">
        <h2 id={`${key}-title`}>
          <small className="muted">
            {index + 1}. {SECTION_LABELS[section.type]}
            {section.hidden ? ' · hidden from shoppers' : ''}
          </small>
          <span>{name}</span>
        </h2>
        <Form method="post" preventScrollReset className="editor-section__controls">
          <input type="hidden" name="base_version" value={version} />
          <input type="hidden" name="section_id" value={section.id} />
          <button
            className="button button--small"
            name="intent"
            value={EDIT_INTENT.up}
            disabled={index === 0}
            aria-label={`Move ${name} up`}
          >
            ↑
          </button>
          <button
            className="button button--small"
            name="intent"
            value={EDIT_INTENT.down}
            disabled={index === count - 1}
            aria-label={`Move ${name} down`}
          >
            ↓
          </button>
          <button className="button button--small" name="intent" value={section.hidden ? EDIT_INTENT.show : EDIT_INTENT.hide}>
            {section.hidden ? 'Show' : 'Hide'}
          </button>
          <button className="button button--small button--ghost" name="intent" value={EDIT_INTENT.remove} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </Form>
      </header>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="editor-form">
        <input type="hidden" name="base_version" value={version} />
        <input type="hidden" name="section_id" value={section.id} />
        {SECTION_TEXT_FIELDS[section.type].map((f) => (
          <TextInput
            key={f}
            id={`${key}-${f}`}
            name={f}
            label={FIELD_LABELS[f] ?? f}
            value={String((section as unknown as Record<string, unknown>)[f] ?? '')}
            long={LONG.has(f)}
          />
        ))}
        {section.type === 'guarantee' && !section.text ? (
          <p className="hint">The product&apos;s source states no guarantee. Write yours here, or hide this section.</p>
        ) : null}
        {section.type === 'image-with-text' ? (
          <TextInput
            id={`${key}-body`}
            name="body"
            label="Text (a blank line starts a new paragraph)"
            value={htmlToParagraphs(section.body)}
            long
          />
        ) : null}
        {(section.type === 'hero' || section.type === 'image-with-text') && images.length ? (
          <fieldset className="editor-images">
            <legend>Image</legend>
            <label className="editor-image">
              <input type="radio" name="image_src" value="" defaultChecked={!section.image} /> No image
            </label>
            {images.map((src) => (
              <label key={src} className="editor-image">
                <input type="radio" name="image_src" value={src} defaultChecked={section.image?.src === src} />
                <img src={src} alt="" width={64} height={64} loading="lazy" />
              </label>
            ))}
            <TextInput id={`${key}-alt`} name="image_alt" label="Image description (alt text)" value={section.image?.alt ?? ''} />
          </fieldset>
        ) : null}
        {listFields ? (
          <fieldset className="editor-items">
            <legend>Items (clear an item&apos;s fields to remove it; fill the last one to add)</legend>
            {items.map((item, i) => (
              <div key={i} className="editor-item">
                {listFields.map((f) => (
                  <TextInput
                    key={f}
                    id={`${key}-${i}-${f}`}
                    name={`items.${i}.${f}`}
                    label={`${i < items.length - 1 ? i + 1 : 'New'} · ${FIELD_LABELS[f] ?? f}`}
                    value={item[f] ?? ''}
                    long={LONG.has(f)}
                  />
                ))}
              </div>
            ))}
          </fieldset>
        ) : null}
        {section.type === 'comparison' ? (
          <fieldset className="editor-items">
            <legend>Table</legend>
            {section.columns.map((c, i) => (
              <TextInput key={i} id={`${key}-col-${i}`} name={`columns.${i}.name`} label={`Column ${i + 1}`} value={c} />
            ))}
            {[...section.rows, { label: '', cells: section.columns.map(() => '') }].map((row, r) => (
              <div key={r} className="editor-item">
                <TextInput
                  id={`${key}-row-${r}`}
                  name={`rows.${r}.label`}
                  label={r < section.rows.length ? `Row ${r + 1}` : 'New row'}
                  value={row.label}
                />
                {section.columns.map((col, c) => (
                  <TextInput
                    key={c}
                    id={`${key}-row-${r}-${c}`}
                    name={`rows.${r}.c${c}`}
                    label={col || `Column ${c + 1}`}
                    value={row.cells[c] ?? ''}
                  />
                ))}
              </div>
            ))}
          </fieldset>
        ) : null}
        {section.type === 'reviews' ? <p className="hint">Reviews are chosen, ordered and corrected in the review editor.</p> : null}
        <button type="submit" name="intent" value={EDIT_INTENT.section} className="button button--primary">
          Save section
        </button>
      </Form>
      <Form method="post" preventScrollReset className="editor-rewrite">
        <input type="hidden" name="section_id" value={section.id} />
        <input type="hidden" name="base_version" value={version} />
        <label htmlFor={`${key}-instruction`}>Rewrite from the product facts</label>
        <input
          id={`${key}-instruction`}
          name="instruction"
          className="input input--small"
          placeholder="Instruction (optional), e.g. “shorter”"
          maxLength={REWRITE_INSTRUCTION_MAX}
        />
        <button type="submit" name="intent" value={EDIT_INTENT.rewrite} className="button button--small">
          Rewrite
        </button>
      </Form>
    </section>
  )
}

/** Adds a section of any type the owner can fill in, after a chosen one. */
export function AddSection({ version, sections }: { version: number; sections: Section[] }) {
  return (
    <Form method="post" preventScrollReset id="add" className="card editor-add">
      <h2>Add a section</h2>
      <input type="hidden" name="base_version" value={version} />
      <div className="field">
        <label htmlFor="add-type">Type</label>
        <select id="add-type" name="type" className="input">
          {ADDABLE_SECTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {SECTION_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="add-after">Place it after</label>
        <select id="add-after" name="after" className="input" defaultValue={sections.at(-1)?.id}>
          {sections.map((s, i) => (
            <option key={s.id} value={s.id}>
              {i + 1}. {s.heading || SECTION_LABELS[s.type]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value={EDIT_INTENT.add} className="button">
        Add section
      </button>
    </Form>
  )
}
