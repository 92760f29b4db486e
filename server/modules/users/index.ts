/** What other areas may use of accounts. */
export { createUser, findUserByEmail, isAdminEmail, newApiKey, toPublicUser, type UserRow } from './service'
