import type { ToastMessage } from '@/components/ui/toast'
import type { AdminFile } from '@/client/admin-api'
import { failureToast } from './errors'

/**
 * Downloads an export as the file the server names, or says why not: `emptyText` when it holds a
 * header and no rows (only the file can say so), `failText` when the call fails.
 */
export async function downloadCsv(
  load: () => Promise<AdminFile>,
  fallbackName: string,
  emptyText: string,
  failText: string,
  toast: (message: ToastMessage) => void,
): Promise<void> {
  try {
    const { file, name } = await load()
    const lines = (await file.slice(0, 4096).text()).split('\r\n').filter(Boolean)
    if (lines.length <= 1) {
      toast({ title: 'No Data', description: emptyText, variant: 'error' })
      return
    }
    saveAs(file, name ?? fallbackName)
  } catch (err) {
    const message = failureToast(err, 'Error', failText)
    if (message) toast(message)
  }
}

/** Saves a downloaded file on the device, as a link with `download` does. */
export function saveAs(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  URL.revokeObjectURL(url)
}
