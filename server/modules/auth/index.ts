/** What other areas may use of sign-in: token checks (api middleware), housekeeping, a code (Shopify installs), the web session's account (demo shop). */
export { authenticateToken, deleteExpiredCredentials, sendLoginCode } from './service'
export { webSessionViewer } from './web-session'
