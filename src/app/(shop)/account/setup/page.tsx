import type { Metadata } from 'next'

import { SetPassword } from '@/components/account/set-password'

export const metadata: Metadata = { title: 'Set your password', robots: { index: false } }

type Props = { searchParams: Promise<{ token?: string | string[] }> }

export default async function SetupPage({ searchParams }: Props) {
  const { token } = await searchParams
  return <SetPassword token={typeof token === 'string' ? token : ''} />
}
