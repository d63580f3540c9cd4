import type { Metadata } from 'next'
import Link from 'next/link'

import { getShop } from '@/cms/payload'
import { TAX_RETENTION_YEARS } from '@/modules/privacy/personal-data'
import { getShopSettings } from '@/modules/settings/settings'

export const dynamic = 'force-dynamic'

export const metadata: Metadata = { title: 'Privacy notice' }

/**
 * The shop's privacy notice (POPIA s18): who holds a buyer's details, what for, how long, and how
 * to see, correct or erase them.
 */
export default async function PrivacyPage() {
  const settings = await getShopSettings(await getShop())
  return (
    <main className="account-page privacy-page">
      <p>
        <Link href="/">← Back to the shop</Link>
      </p>
      <h1>Privacy notice</h1>
      <p>
        {settings.shopName}
        {settings.shopAddress ? `, ${settings.shopAddress.replace(/\s*\n\s*/g, ', ')}` : ''}, is
        responsible for the personal information you give this shop.
      </p>
      <h2>What we keep and why</h2>
      <ul>
        <li>
          Your name, phone number and delivery address, and a business name and VAT number when you
          give them: to deliver your order, to invoice it, and to send you news of it on WhatsApp.
        </li>
        <li>
          For a trade account: its contact details, price list, payment terms and statement, and
          your password (kept only as a one-way hash), so that you can sign in, see your prices and
          buy on account.
        </li>
        <li>
          Your cart stays on your own device. The only cookie is the sign-in of a trade account.
        </li>
      </ul>
      <p>We do not sell or share your information, and use it for nothing else.</p>
      <h2>How long</h2>
      <p>
        Orders and their tax invoices and credit notes are kept for {TAX_RETENTION_YEARS} years, as
        tax law requires; after that the details that name you are removed. Everything else is kept
        until you ask us to remove it.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of everything we hold about you, have it corrected, or have it erased
        (except what tax law makes us keep). Send us a message on WhatsApp at{' '}
        {settings.whatsappNumber}. If you are not happy with our answer, you may complain to the
        Information Regulator (inforeg.org.za).
      </p>
    </main>
  )
}
