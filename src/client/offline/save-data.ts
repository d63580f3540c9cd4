import { SAVE_DATA_COOKIE } from '@/shared/save-data'

/** Remembers the shopper's "Save data" choice for a year; the server reads it for each page. */
export function rememberSaveData(on: boolean): void {
  document.cookie = `${SAVE_DATA_COOKIE}=${on ? '1' : '0'}; path=/; max-age=31536000; samesite=lax`
}
