import { load } from 'cheerio'

/** A POST form as a page renders it: where it goes, its fields, and its submit buttons' values. */
export interface FormShape {
  /** pathname and query string the form posts to (`/?index` for the index route) */
  action: string
  fields: [string, string][]
  /** `[name, value]` of each named submit button (intents). */
  buttons: [string, string][]
}

/** The POST forms of an HTML page (from the server-rendered markup, as a browser without JS sees them). */
export function postForms(html: string, pageUrl: string): FormShape[] {
  const $ = load(html)
  const out: FormShape[] = []
  $('form').each((_, form) => {
    const f = $(form)
    if ((f.attr('method') ?? 'get').toLowerCase() !== 'post') return
    const target = new URL(f.attr('action') ?? '', pageUrl)
    const action = target.pathname + target.search
    const fields: [string, string][] = []
    const buttons: [string, string][] = []
    f.find('input, select, textarea, button').each((_, el) => {
      const e = $(el)
      const name = e.attr('name')
      if (!name) return
      const tag = el.tagName.toLowerCase()
      const type = (e.attr('type') ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase()
      if (tag === 'button' || type === 'submit') buttons.push([name, e.attr('value') ?? ''])
      else if (tag === 'select')
        fields.push([name, e.find('option[selected]').attr('value') ?? e.find('option').first().attr('value') ?? ''])
      else if (tag === 'textarea') fields.push([name, e.text()])
      else if (type === 'checkbox' || type === 'radio') {
        if (e.attr('checked') !== undefined || !fields.some(([n]) => n === name)) fields.push([name, e.attr('value') ?? 'on'])
      } else if (type !== 'file') fields.push([name, e.attr('value') ?? ''])
    })
    out.push({ action, fields, buttons })
  })
  return out
}
