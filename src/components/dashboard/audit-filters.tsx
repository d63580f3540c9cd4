import { AUDITED_ENTITIES, AUDIT_WAYS } from '@/modules/audit/schemas'

/** The audit tab's search as GET /api/admin/audit takes it (only the fields filled in). */
export type AuditFilterValues = Record<'q' | 'entity' | 'actor' | 'way' | 'from' | 'to', string>

const ENTITY_LABELS: Record<(typeof AUDITED_ENTITIES)[number], string> = {
  products: 'Products',
  price_lists: 'Price lists',
  delivery_areas: 'Delivery areas',
  shop_settings: 'Shop settings',
  payfast_settings: 'PayFast settings',
  trade_accounts: 'Trade accounts',
  orders: 'Orders',
}

/** The search form: applied when sent, so each keystroke is not a request. */
export function AuditFilters({ onSearch }: { onSearch: (values: AuditFilterValues) => void }) {
  return (
    <form
      className="toolbar"
      role="search"
      aria-label="Search the audit log"
      onSubmit={(e) => {
        e.preventDefault()
        const form = new FormData(e.currentTarget)
        const value = (name: string) => String(form.get(name) ?? '').trim()
        onSearch({
          q: value('q'),
          entity: value('entity'),
          actor: value('actor'),
          way: value('way'),
          from: value('from'),
          to: value('to'),
        })
      }}
    >
      <label htmlFor="audit-q">Search</label>
      <input id="audit-q" name="q" type="search" maxLength={200} placeholder="SKU, order, value" />
      <label htmlFor="audit-entity">Record</label>
      <select id="audit-entity" name="entity" defaultValue="">
        <option value="">All</option>
        {AUDITED_ENTITIES.map((e) => (
          <option key={e} value={e}>
            {ENTITY_LABELS[e]}
          </option>
        ))}
      </select>
      <label htmlFor="audit-actor">Who</label>
      <input id="audit-actor" name="actor" maxLength={200} />
      <label htmlFor="audit-way">Way in</label>
      <select id="audit-way" name="way" defaultValue="">
        <option value="">All</option>
        {AUDIT_WAYS.map((w) => (
          <option key={w} value={w}>
            {w}
          </option>
        ))}
      </select>
      <label htmlFor="audit-from">From</label>
      <input id="audit-from" name="from" type="date" />
      <label htmlFor="audit-to">To</label>
      <input id="audit-to" name="to" type="date" />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  )
}
