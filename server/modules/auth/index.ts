/** What other areas may use of sign-in: token checks (api middleware) and housekeeping. */
export { authenticateToken, deleteExpiredCredentials } from './service'
