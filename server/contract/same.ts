/** `true` only when A and B are the same type: binds a contract schema to a domain type. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
