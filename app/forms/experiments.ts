import { DEFAULT_SPLIT } from '../../server/domain/experiments/shopper'

/** An experiment's split as the owner picks it: the share of new shoppers who see the challenger, in percent. */
export const SPLIT = { min: 10, max: 90, default: DEFAULT_SPLIT, step: 5 } as const

/** The page view's query that opens the promote confirmation (a dialog as URL state). */
export const CONFIRM_PROMOTE = { param: 'confirm', value: 'promote' } as const
