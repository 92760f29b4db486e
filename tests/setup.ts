// Shared vitest setup: fixed secrets so no test depends on the machine's environment.
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef'
process.env.AUTH_SECRET ??= 'test-auth-secret-0123456789abcdef'
process.env.LOG_LEVEL ??= 'silent'
