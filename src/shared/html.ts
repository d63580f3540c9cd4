/** Text made safe to put between HTML tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )
}

/** Escaped text whose line breaks stay line breaks (an address). */
export function multilineHtml(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>')
}
