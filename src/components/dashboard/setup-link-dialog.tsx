import { Dialog } from '@/components/ui/dialog'

export type SetupLink = { business: string; link: string; whatsapp: string }

/** The one-time password link for a trade buyer, to send on WhatsApp or copy. */
export function SetupLinkDialog({
  sent,
  onClose,
  onCopy,
}: {
  sent: SetupLink
  onClose: () => void
  onCopy: () => void
}) {
  return (
    <Dialog open onClose={onClose} title={`Password link for ${sent.business}`}>
      <p>It works once, for 24 hours. A new link replaces this one.</p>
      <label htmlFor="setup-link">Link</label>
      <input id="setup-link" readOnly value={sent.link} onFocus={(e) => e.target.select()} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onCopy}>
          Copy Link
        </button>
        <a
          className="button primary"
          href={sent.whatsapp}
          target="_blank"
          rel="noopener noreferrer"
        >
          Send on WhatsApp
        </a>
      </div>
    </Dialog>
  )
}
