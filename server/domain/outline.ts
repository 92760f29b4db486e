import { z } from 'zod'
import { sectionIdField } from './page/schema'
import { SECTION_TYPES } from './page/section-types'

/**
 * The outline the user reviews before the page is written (outline flow, status 4): the sections in
 * order, each with a title and the points it will make.
 */
export const outlineSectionSchema = z.object({
  id: sectionIdField(),
  type: z.enum(SECTION_TYPES),
  title: z.string().trim().min(1, 'This field is required').max(200),
  points: z.array(z.string().trim().min(1).max(500)).max(12),
})
export const outlineSchema = z.object({ sections: z.array(outlineSectionSchema).min(1).max(20) })
export type OutlineSection = z.infer<typeof outlineSectionSchema>
export type Outline = z.infer<typeof outlineSchema>
