/** The dashboard's sections, in tab order. */
export const TABS = [
  { id: 'products', label: 'Products' },
  { id: 'areas', label: 'Delivery Areas' },
  { id: 'orders', label: 'Orders' },
  { id: 'deliveries', label: 'Deliveries' },
  { id: 'accounts', label: 'Trade Accounts' },
  { id: 'prices', label: 'Price Lists' },
  { id: 'payments', label: 'Payments' },
  { id: 'reports', label: 'Reports' },
  { id: 'vat', label: 'VAT' },
  { id: 'settings', label: 'Settings' },
  { id: 'audit', label: 'Audit' },
] as const
export type Tab = (typeof TABS)[number]['id']

/** The tab list: click or arrow keys move between sections; Orders shows how many are new. */
export function DashboardTabs({
  tab,
  onOpen,
  newOrders,
}: {
  tab: Tab
  onOpen: (id: Tab) => void
  newOrders: number
}) {
  return (
    <div role="tablist" aria-label="Dashboard sections" className="tabs">
      {TABS.map((t) => (
        <button
          key={t.id}
          id={`tab-${t.id}`}
          role="tab"
          type="button"
          aria-selected={tab === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          className="tab"
          onClick={() => onOpen(t.id)}
          onKeyDown={(e) => {
            const i = TABS.findIndex((x) => x.id === tab)
            const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : null
            if (next === null) return
            const target = TABS[(next + TABS.length) % TABS.length]!
            onOpen(target.id)
            document.getElementById(`tab-${target.id}`)?.focus()
          }}
        >
          {t.label}
          {t.id === 'orders' && newOrders > 0 ? (
            <span className="tab-badge" aria-label={`${newOrders} new`}>
              {newOrders}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  )
}
