import Link from 'next/link'

/**
 * What the shop does with what a person types (POPIA s18: they are told when it is collected),
 * under the checkout and the trade account's sign-up, with the full notice a tap away.
 */
export function PrivacyNote() {
  return (
    <p className="privacy-note">
      We use your name, phone number and address to deliver and invoice your order, and keep
      invoices for five years as tax law asks.{' '}
      <Link href="/privacy" target="_blank">
        Privacy notice
      </Link>
    </p>
  )
}
