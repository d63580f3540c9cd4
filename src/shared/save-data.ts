/** The shopper's own "Save data" choice: `1` on, `0` off (whatever the browser asks). */
export const SAVE_DATA_COOKIE = 'kc_save_data'

/**
 * Whether to send the light page: the shopper's switch when they have used it, otherwise the
 * browser's `Save-Data: on` (Android's Data Saver, Lite mode).
 */
export function wantsSaveData(saveDataHeader: string | null, cookieValue: string | undefined) {
  if (cookieValue === '1') return true
  if (cookieValue === '0') return false
  return saveDataHeader?.trim().toLowerCase() === 'on'
}
