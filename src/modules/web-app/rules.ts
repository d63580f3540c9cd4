import { z } from 'zod'

/** The colour the installed app's title bar and splash screen take, unless the owner sets one. */
export const DEFAULT_THEME_COLOR = '#1d4ed8'

/** What a phone keeps for offline use, unless the owner sets otherwise: 20 MB. */
export const DEFAULT_OFFLINE_DATA_MB = 20
export const MAX_OFFLINE_DATA_MB = 200

export const themeColorSchema = z
  .string({ error: 'themeColor must be a colour like #1d4ed8' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'themeColor must be a colour like #1d4ed8')

export const offlineDataMbSchema = z
  .number({ error: 'offlineDataMb must be a number' })
  .int('offlineDataMb must be a whole number of megabytes')
  .min(1, 'offlineDataMb must be 1 or more')
  .max(MAX_OFFLINE_DATA_MB, `offlineDataMb must be at most ${MAX_OFFLINE_DATA_MB}`)
