// Untyped test-only packages: the shapes this project reads from them.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson: unknown)
    validate(extracted: unknown): Promise<{ severity: 'ERROR' | 'WARNING'; issueMessage: string }[]>
  }
}
declare module '@marbec/web-auto-extractor' {
  export default class WebAutoExtractor {
    constructor(options: { addLocation?: boolean; embedSource?: string[] })
    parse(html: string): unknown
  }
}
