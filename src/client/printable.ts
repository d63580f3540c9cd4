/**
 * Opens a whole HTML document (an invoice) in a new tab and asks the browser to print it, where
 * the shopper or owner can also save it as PDF. A blob: address keeps this shop's origin, so the
 * tab can be told to print once it has loaded. Returns false when a pop-up blocker stopped it.
 */
export function openPrintable(html: string): boolean {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }))
  const tab = window.open(url, '_blank')
  if (!tab) {
    URL.revokeObjectURL(url)
    return false
  }
  tab.addEventListener('load', () => {
    tab.focus()
    tab.print()
  })
  // The tab has its own copy once loaded; a minute covers a slow phone.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return true
}
