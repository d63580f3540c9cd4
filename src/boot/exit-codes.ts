/**
 * The server's exit code when it cannot start at all (a wrong password, a broken migration):
 * starting it again would fail the same way, so the launcher stops instead (EX_CONFIG).
 */
export const CANNOT_START_EXIT_CODE = 78
