import autocannon from 'autocannon'
import pg from 'pg'
const db = new pg.Client({ connectionString: process.env.DB })
await db.connect()
const skus = (await db.query<{ sku: string }>(`SELECT sku FROM products WHERE sku LIKE 'BEN-%'`)).rows.map((r) => r.sku)
const pick = () => { const s = new Set<string>(); while (s.size < 5) s.add(skus[Math.floor(Math.random() * skus.length)]!); return [...s] }
const body = () => JSON.stringify({ customer: { name: 'Bench Buyer', phone: '082 000 0000' }, area: 'soweto', payment: 'cash', items: pick().map((sku) => ({ sku, quantity: 1 })) })
const waits = new Map<string, number>()
let sampling = true
const sampler = (async () => {
  while (sampling) {
    const { rows } = await db.query(`SELECT coalesce(wait_event_type,'-') || ':' || coalesce(wait_event,'-') || ' ' || state || ' ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 50) AS w FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`)
    for (const r of rows) waits.set(r.w, (waits.get(r.w) ?? 0) + 1)
    await new Promise((r) => setTimeout(r, 20))
  }
})()
const r = await autocannon({ url: process.env.URL!, connections: 50, duration: 10, method: 'POST', headers: { 'content-type': 'application/json' }, requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }] })
sampling = false
await sampler
console.log('orders/s', r.requests.average, 'p99', r.latency.p99, 'non2xx', r.non2xx)
console.log([...waits].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v}\t${k}`).join('\n'))
await db.end()
