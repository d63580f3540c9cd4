import { Dashboard } from '@/components/dashboard/dashboard'

export default function AdminPage() {
  return <Dashboard />
}
