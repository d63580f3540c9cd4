/*
 * The first time a zod schema parses in the browser, zod tries `new Function` to see whether it
 * may compile its checks: the pages' Content-Security-Policy refuses it, and the browser reports
 * the refusal as a violation although zod goes on without. Told `jitless`, zod never tries.
 *
 * Set on the settings object every copy of zod shares (globalThis.__zod_globalConfig, which
 * zod's core creates unless it is there) rather than through `config()` from zod: importing it
 * here put 15 kB of zod into every page's first load; zod itself loads later, with checkout.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
shared.__zod_globalConfig ??= {}
shared.__zod_globalConfig.jitless = true

export {}
