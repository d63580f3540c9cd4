import { DriverRun } from '@/components/driver/driver-run'

export const dynamic = 'force-dynamic'

/** The same page for every driver: the run comes from the driver's API, by the session cookie. */
export default function DriverPage() {
  return <DriverRun />
}
