import { formatDateTime } from '../lib/format-time'
import { useRootData } from '../lib/root-data'

/** A past or future moment as a <time>, in the viewer's zone as the server could tell it. */
export function LocalTime({ iso }: { iso: string }) {
  const { clock } = useRootData()
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, clock)}
    </time>
  )
}
