import { z } from 'zod'
import { optionalText, requiredText } from './validation'

/**
 * What a person may send to make or change a page: one definition for the api's contract and the
 * web's forms (which show the same limits before anything is sent).
 */
export const PRODUCT_URL_MAX = 2048
export const PASTED_TEXT_MIN = 20
export const PASTED_TEXT_MAX = 20_000
export const REWRITE_INSTRUCTION_MAX = 300

export const productUrlField = () => requiredText({ max: PRODUCT_URL_MAX })
export const pastedTextField = () => requiredText({ min: PASTED_TEXT_MIN, max: PASTED_TEXT_MAX })
export const rewriteInstructionField = () => optionalText({ max: REWRITE_INSTRUCTION_MAX })
export const templateIdField = () => z.coerce.number().int().positive()
