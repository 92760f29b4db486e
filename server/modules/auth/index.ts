/** What other areas may use of sign-in: token checks (api middleware), housekeeping, and sending a code (Shopify installs). */
export { authenticateToken, deleteExpiredCredentials, sendLoginCode } from './service'
