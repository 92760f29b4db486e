/** The element id of a section in the outline editor: the anchor the editor comes back to after a change. */
export const outlineAnchor = (sectionId: string) => `section-${sectionId}`
