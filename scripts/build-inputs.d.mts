export declare const INPUTS: string[]
export declare function inputsHash(root: string): string
