// microdata-node ships JavaScript with JSDoc only: the part this project calls.
declare module 'microdata-node' {
  export interface MicrodataItem {
    type?: string[]
    id?: string
    properties: Record<string, (string | MicrodataItem)[]>
  }
  export function toJson(html: string, config?: { base?: string; strict?: boolean }): { items: MicrodataItem[] }
}
