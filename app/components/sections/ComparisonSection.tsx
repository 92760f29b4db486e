import { keepTogether } from './format'
import { SectionFrame, headingId, type HeadingLevel, type SectionOf } from './parts'
import { useShopperWords } from './words'

/**
 * A real table. `columns` name the compared things; when there is one more column than the widest
 * row has cells, the first column names the row labels ("Feature") instead.
 */
export function ComparisonSection({ section, headingLevel = 2 }: { section: SectionOf<'comparison'>; headingLevel?: HeadingLevel }) {
  const words = useShopperWords()
  const widest = Math.max(...section.rows.map((r) => r.cells.length))
  const labelHeader = section.columns.length === widest + 1 ? section.columns[0] : null
  const columns = labelHeader === null ? section.columns : section.columns.slice(1)
  return (
    <SectionFrame section={section} level={headingLevel} heading={section.heading}>
      <div className="pw-table-wrap" role="region" aria-labelledby={section.heading ? headingId(section.id) : undefined} tabIndex={0}>
        <table className="pw-table">
          <thead>
            <tr>
              <th scope="col">{labelHeader || <span className="pw-sr">{words.feature}</span>}</th>
              {columns.map((c, i) => (
                <th key={i} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {section.rows.map((row, r) => (
              <tr key={r}>
                <th scope="row">{row.label}</th>
                {columns.map((_, i) => (
                  <td key={i}>{keepTogether(row.cells[i] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionFrame>
  )
}
