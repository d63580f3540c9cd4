import type { AccountDTO } from '@/modules/accounts/schemas'
import type { DeliveryAreaDTO } from '@/modules/areas/schemas'
import type { DeliveryScheduleInput } from '@/modules/delivery/schemas'
import type {
  CashReportDTO,
  CashRunDTO,
  DriverLinkDTO,
  IssuedLinkDTO,
} from '@/modules/driver/schemas'
import type { PickingListDTO } from '@/modules/delivery/picking-list'
import type { DayRunsDTO, DeliveryNotesDTO, RunStopDTO } from '@/modules/delivery/runs'
import type { OwnerProductDTO, ProductDTO } from '@/modules/catalogue/product'
import type { RevenueReport, SalesReport, StockReport } from '@/modules/reports/schemas'
import type { OverdueDTO, StatementDTO } from '@/modules/ledger/statement-dto'
import type { OrderChange } from '@/modules/orders/change-schema'
import type { CreditNoteDTO } from '@/modules/orders/credit-note'
import type { ShortDelivery } from '@/modules/orders/short-delivery-schema'
import type { AdminOrderDTO, OrderEventDTO } from '@/modules/orders/order'
import type { PaymentProofDTO } from '@/modules/payment-proofs/proof'
import type { OrderFigures } from '@/modules/orders/order-summary'
import type { Discount, PriceListDTO } from '@/modules/price-lists/schemas'
import type { AdjustmentReason, StockMovementDTO } from '@/modules/stock/reasons'
import type { RowError } from '@/shared/row-errors'
import type { MoneyDTO } from '@/modules/payments/order-money'
import type {
  BankLineDTO,
  ConfirmInput,
  ImportResultDTO,
  LineStatus,
} from '@/modules/payments/schemas'
import type { AuditPageDTO } from '@/modules/audit/schemas'
import type { VatPeriodKind } from '@/modules/vat/periods'
import type { VatReportDTO } from '@/modules/vat/report'
import { storedAdminKey } from './admin-key'
import type {
  FlaggedPayfastPaymentDTO,
  PayfastSettingsDTO,
  PayfastSettingsInput,
} from '@/modules/payfast/schemas'

/**
 * The owner's calls, one function per endpoint the dashboard (and the storefront's quick edit)
 * uses, each with the type of what it answers. A failed call throws an `AdminApiError`.
 */
export const ADMIN_AUTH_REQUIRED_EVENT = 'admin-auth-required'

/** A failed call's JSON body: the readable `error`, and what else the server said. */
export type AdminErrorBody = {
  error?: string
  /** The field the error is about. */
  field?: string
  /** An import's refused rows. */
  rows?: RowError[]
  /** A product's stock now, when it moved while the owner was editing it. */
  inStock?: number
  [more: string]: unknown
}

/**
 * A call the server refused. Its message is the spec's: the status, a colon and the body's
 * text (or the status text), and "Unauthorized" for a 401.
 */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError'
  /** What the owner is shown: the server's `error`, or the body's text when it sent no JSON. */
  readonly serverMessage: string | undefined

  constructor(
    readonly status: number,
    text: string,
    readonly body: AdminErrorBody = {},
  ) {
    super(status === 401 ? 'Unauthorized' : `${status}: ${text}`)
    this.serverMessage =
      status === 401
        ? 'Unauthorized'
        : typeof body.error === 'string'
          ? body.error
          : text || undefined
  }
}

/** What to show for a failed call: the server's message, else the error's own (no signal). */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof AdminApiError) return error.serverMessage
  return error instanceof Error ? error.message || undefined : undefined
}

/** The spec's test for "the session-expired flow has already spoken": no toast of our own. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.includes('Unauthorized')
}

/**
 * Sends the stored key in x-admin-key, JSON for non-form bodies unless the caller says what the
 * body is (a CSV file), no caching, and says it comes from the dashboard. A 401 raises the admin-auth-required event.
 */
async function send(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  const key = storedAdminKey()
  if (key) headers.set('x-admin-key', key)
  // The way in the audit log records for what this call changes (docs/audit.md).
  headers.set('x-shop-way', 'dashboard')
  if (init.body && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json')
  }
  headers.set('cache-control', 'no-cache')
  headers.set('pragma', 'no-cache')
  const res = await fetch(path, { ...init, headers, credentials: 'include', cache: 'no-store' })
  if (res.status === 401) {
    window.dispatchEvent(new Event(ADMIN_AUTH_REQUIRED_EVENT))
    throw new AdminApiError(401, 'Unauthorized')
  }
  if (!res.ok) {
    const text = (await res.text()) || res.statusText
    throw new AdminApiError(res.status, text, errorBody(text))
  }
  return res
}

function errorBody(text: string): AdminErrorBody {
  try {
    const parsed = JSON.parse(text) as unknown
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as AdminErrorBody)
      : {}
  } catch {
    return {}
  }
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) })

async function call<T>(path: string, method: string, body?: unknown): Promise<T> {
  const res = await send(path, { method, ...(body === undefined ? {} : json(body)) })
  return (await res.json()) as T
}

async function act(path: string, method: string, body?: unknown): Promise<void> {
  await send(path, { method, ...(body === undefined ? {} : json(body)) })
}

/** Asks whether `key` is the owner's (204) or not, before it is stored. */
export function checkAdminKey(key: string): Promise<Response> {
  return fetch('/api/admin/session', { headers: { 'x-admin-key': key }, cache: 'no-store' })
}

// ---- Reading: a query is its address (what a view is keyed by) and how to load it. ----

export type AdminQuery<T> = { path: string; load: (signal?: AbortSignal) => Promise<T> }

/** A page of a list and how many rows match in all (the answer's X-Total-Count). */
export type Page<T> = { rows: T[]; total: number }

function query<T>(path: string): AdminQuery<T> {
  return { path, load: async (signal) => (await (await send(path, { signal })).json()) as T }
}

function pageQuery<T>(path: string): AdminQuery<Page<T>> {
  return {
    path,
    load: async (signal) => {
      const res = await send(path, { signal })
      const rows = (await res.json()) as T[]
      return { rows, total: Number(res.headers.get('x-total-count') ?? rows.length) }
    },
  }
}

/** An order as the owner works it: with its history. */
export type FullOrder = AdminOrderDTO & { history: OrderEventDTO[] }
export type StockLedger = { sku: string; inStock: number; movements: StockMovementDTO[] }

export const deliveryAreasQuery = () => query<DeliveryAreaDTO[]>('/api/delivery-areas')
export const accountsQuery = () => query<AccountDTO[]>('/api/admin/accounts')
export const overdueAccountsQuery = () =>
  query<{ accounts: OverdueDTO[] }>('/api/admin/accounts/overdue')
export const priceListsQuery = () => query<PriceListDTO[]>('/api/admin/price-lists')
export const statementQuery = (accountId: number) =>
  query<StatementDTO>(`/api/admin/accounts/${accountId}/statement`)
/** `filters`: the orders' filters as a query string (payment, status, dates, search). */
export const ordersQuery = (filters: URLSearchParams) =>
  pageQuery<AdminOrderDTO>(`/api/admin/orders?${filters}`)
export const orderFiguresQuery = (filters: string) =>
  query<OrderFigures>(`/api/admin/orders/summary${filters ? `?${filters}` : ''}`)
export const orderQuery = (orderId: string) =>
  query<FullOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`)
export const paymentProofsQuery = (orderId: string) =>
  query<PaymentProofDTO[]>(`/api/admin/orders/${encodeURIComponent(orderId)}/payment-proofs`)
export const productsQuery = (params: URLSearchParams) =>
  pageQuery<ProductDTO>(`/api/products?${params}`)
export type ReportName = 'revenue' | 'sales' | 'stock'
export const revenueReportQuery = (params: URLSearchParams) =>
  query<RevenueReport>(`/api/admin/reports/revenue?${params}`)
export const salesReportQuery = (params: URLSearchParams) =>
  query<SalesReport>(`/api/admin/reports/sales?${params}`)
export const stockReportQuery = (params: URLSearchParams) =>
  query<StockReport>(`/api/admin/reports/stock?${params}`)

/** The product as the owner reads it: with its cost price, which no public answer has. */
export const ownerProductQuery = (sku: string) =>
  query<OwnerProductDTO>(`/api/admin/products/${encodeURIComponent(sku)}`)
export const stockLedgerQuery = (sku: string, limit: number) =>
  query<StockLedger>(`/api/admin/products/${encodeURIComponent(sku)}/stock?limit=${limit}`)
/** The audit log's entries: `params` are GET /api/admin/audit's filters and page. */
export const auditQuery = (params: URLSearchParams) =>
  query<AuditPageDTO>(`/api/admin/audit?${params}`)

/** The day's runs; without a date, the next day with deliveries (the answer names the day). */
export const dayRunsQuery = (date: string | null) =>
  query<DayRunsDTO>(`/api/admin/deliveries${date ? `?date=${encodeURIComponent(date)}` : ''}`)
const runPath = (date: string, area: string) =>
  `/api/admin/deliveries/${encodeURIComponent(date)}/${encodeURIComponent(area)}`
export const pickingList = (date: string, area: string) =>
  query<PickingListDTO>(`${runPath(date, area)}/picking-list`).load()
export const deliveryNotes = (date: string, area: string) =>
  query<DeliveryNotesDTO>(`${runPath(date, area)}/delivery-notes`).load()

/** The product at the shop's prices, which the owner's key reads whatever guests are shown. */
export async function ownersProduct(sku: string): Promise<ProductDTO | undefined> {
  return (await query<ProductDTO[]>(`/api/products?skus=${encodeURIComponent(sku)}`).load())[0]
}

/** Orders newer than `since` (the server's clock), and the newest order's time. */
export function newOrders(since: string | null | undefined) {
  return query<{ count: number; latest: string | null }>(
    `/api/admin/orders/new${since ? `?since=${encodeURIComponent(since)}` : ''}`,
  ).load()
}

// ---- Files: exports to download, documents to print. ----

/** A downloaded file and the name the server gave it (its Content-Disposition), if any. */
export type AdminFile = { file: Blob; name: string | undefined }

async function file(path: string): Promise<AdminFile> {
  const res = await send(path)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1]
  return { file: await res.blob(), name }
}

async function html(path: string): Promise<string> {
  return (await send(path)).text()
}

export const ordersCsv = (filters: string) =>
  file(`/api/admin/orders/export${filters ? `?${filters}` : ''}`)
export const productsCsv = () => file('/api/admin/products/export')
/** A report's table as CSV: its query (see src/modules/reports/schemas.ts) with format=csv. */
export const reportCsv = (report: ReportName, params: URLSearchParams) =>
  file(`/api/admin/reports/${report}?${params}&format=csv`)
export const fixedPricesCsv = (listId: number) => file(`/api/admin/price-lists/${listId}/prices`)
export const statementCsv = (accountId: number) =>
  file(`/api/admin/accounts/${accountId}/statement?format=csv`)
export const statementHtml = (accountId: number) =>
  html(`/api/admin/accounts/${accountId}/statement?format=html`)
/** An order's invoice, or one of its credit notes (by `number`; without one, its cancellation's). */
export const orderDocumentHtml = (
  orderId: string,
  document: 'invoice' | 'credit-note',
  number?: number,
) =>
  html(
    `/api/admin/orders/${encodeURIComponent(orderId)}/${document}${number ? `?number=${number}` : ''}`,
  )
const personalDataPath = (phone: string) =>
  `/api/admin/personal-data?phone=${encodeURIComponent(phone)}`
export const personalDataFile = (phone: string) => file(personalDataPath(phone))
/** A proof of payment the buyer sent for an order, as its file. */
export const paymentProofFile = (orderId: string, proofId: number) =>
  file(`/api/admin/orders/${encodeURIComponent(orderId)}/payment-proofs/${proofId}`)

// ---- Changes. Bodies read from a form are checked by the route's schema, as typed. ----

type FormBody = Record<string, unknown>

export const createAccount = (body: FormBody) => act('/api/admin/accounts', 'POST', body)
export const updateAccount = (id: number, patch: FormBody) =>
  act(`/api/admin/accounts/${id}`, 'PATCH', patch)
export const setupLink = (id: number) =>
  call<{ link: string; whatsapp: string; expiresAt: string }>(
    `/api/admin/accounts/${id}/setup-link`,
    'POST',
  )
export const recordPayment = (accountId: number, body: FormBody) =>
  act(`/api/admin/accounts/${accountId}/payments`, 'POST', body)
export const reversePayment = (accountId: number, entryId: number) =>
  act(`/api/admin/accounts/${accountId}/payments/${entryId}/reversal`, 'POST', {})

/** `delivery` left out keeps the area's delivery days; null clears them. */
export type AreaInput = { name: string; fee: number; delivery?: DeliveryScheduleInput | null }
export const createDeliveryArea = (area: AreaInput) =>
  act('/api/admin/delivery-areas', 'POST', area)
/** The whole list, replacing the shop's: how an area is edited or deleted. */
export const replaceDeliveryAreas = (areas: AreaInput[]) =>
  act('/api/admin/delivery-areas', 'PUT', { areas })

/** What the owner changed, as the server takes it: only the name or percentages that changed. */
export type PriceListChange = { name?: string; discounts?: Discount[] }
export const createPriceList = (change: PriceListChange) =>
  act('/api/admin/price-lists', 'POST', change)
export const updatePriceList = (id: number, change: PriceListChange) =>
  act(`/api/admin/price-lists/${id}`, 'PATCH', change)
export const deletePriceList = (id: number) => act(`/api/admin/price-lists/${id}`, 'DELETE')

/** A run's stops in a new order (exactly its order ids): the stops as they now are. */
export const saveStopOrder = (date: string, area: string, orderIds: string[]) =>
  call<{ stops: RunStopDTO[] }>(`${runPath(date, area)}/stops`, 'PUT', { orderIds })
export const updateOrder = (orderId: string, change: OrderChange) =>
  call<FullOrder>(`/api/admin/orders/${encodeURIComponent(orderId)}`, 'PATCH', change)
export const recordShortDelivery = (orderId: string, delivery: ShortDelivery) =>
  call<CreditNoteDTO>(
    `/api/admin/orders/${encodeURIComponent(orderId)}/short-delivery`,
    'POST',
    delivery,
  )

/** A new product: JSON, or multipart with its photo (a `data` part and an `image` file). */
export const createProduct = (body: FormBody | FormData) =>
  send('/api/admin/products', {
    method: 'POST',
    body: body instanceof FormData ? body : JSON.stringify(body),
  }).then(() => undefined)
export const updateProduct = (sku: string, patch: FormBody) =>
  act(`/api/products/${encodeURIComponent(sku)}`, 'PUT', patch)
export const deleteProduct = (sku: string) =>
  act(`/api/products/${encodeURIComponent(sku)}`, 'DELETE')
export const adjustStock = (
  sku: string,
  body: { change: number; reason: AdjustmentReason; note?: string },
) => act(`/api/admin/products/${encodeURIComponent(sku)}/stock`, 'POST', body)

export type ErasureDTO = {
  phone: string
  erasedAt: string
  orders: { anonymised: number; keptForTax: number }
  proofsOfPayment: number
  tradeAccount: 'deleted' | 'anonymised' | null
}
export const erasePersonalData = (phone: string) =>
  call<ErasureDTO>(personalDataPath(phone), 'DELETE')

/** A dry run's counts or an import's result, as the import routes answer. */
export type ImportAnswer = { message: string; created?: number; updated?: number }

/**
 * A CSV file to an import, as the browser reads it from disk (the page never holds its text);
 * a dry run checks it and writes nothing. A refused file's rows are the error's `body.rows`.
 */
export type CsvImport = (file: File, dryRun: boolean) => Promise<ImportAnswer>

const importTo =
  (path: string): CsvImport =>
  async (csv, dryRun) => {
    const res = await send(dryRun ? `${path}?dryRun=true` : path, {
      method: 'POST',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      body: csv,
    })
    return (await res.json()) as ImportAnswer
  }

export const importProducts = importTo('/api/admin/products/import')
export const importFixedPrices = (listId: number) =>
  importTo(`/api/admin/price-lists/${listId}/prices`)

// ---- The driver's phone and the day's cash (docs/delivery.md): ----

export const driverLinksQuery = (date: string) =>
  query<DriverLinkDTO[]>(`/api/admin/driver-links?date=${encodeURIComponent(date)}`)
export const issueDriverLink = (date: string, area: string, driverName: string) =>
  call<IssuedLinkDTO>('/api/admin/driver-links', 'POST', { date, area, driverName })
export const revokeDriverLink = (id: number) =>
  call<DriverLinkDTO>(`/api/admin/driver-links/${id}`, 'DELETE')
export const cashReportQuery = (date: string) =>
  query<CashReportDTO>(`/api/admin/cash-report?date=${encodeURIComponent(date)}`)
export const cashUpRun = (id: number, counted: number, note?: string) =>
  call<CashRunDTO>(`/api/admin/driver-links/${id}/cash-up`, 'POST', { counted, note })

// ---- PayFast: the owner's settings (the passphrase is written, never read back). ----

export type PayfastOverview = PayfastSettingsDTO & { flagged: FlaggedPayfastPaymentDTO[] }
export const payfastQuery = () => query<PayfastOverview>('/api/admin/payfast')
export const savePayfastSettings = (change: PayfastSettingsInput) =>
  call<PayfastSettingsDTO>('/api/admin/payfast', 'PUT', change)

// ---- Getting paid: bank statements and money received (docs/payments.md): ----

export const bankLinesQuery = (status: LineStatus | null) =>
  query<BankLineDTO[]>(`/api/admin/bank-statements/lines${status ? `?status=${status}` : ''}`)
export const orderMoneyQuery = (orderId: string) =>
  query<MoneyDTO[]>(`/api/admin/orders/${encodeURIComponent(orderId)}/money-received`)

/** A statement as the browser reads it from disk (OFX, or a bank's CSV export). */
export async function importBankStatement(file: File): Promise<ImportResultDTO> {
  const ofx = /\.(ofx|qfx)$/i.test(file.name)
  const res = await send('/api/admin/bank-statements', {
    method: 'POST',
    headers: { 'content-type': ofx ? 'application/x-ofx' : 'text/csv' },
    body: file,
  })
  return (await res.json()) as ImportResultDTO
}
export const confirmBankLine = (id: number, target: ConfirmInput) =>
  call<BankLineDTO>(`/api/admin/bank-statements/lines/${id}/confirm`, 'POST', target)
export const ignoreBankLine = (id: number) =>
  call<BankLineDTO>(`/api/admin/bank-statements/lines/${id}/ignore`, 'POST')
export const undoBankLine = (id: number) =>
  call<BankLineDTO>(`/api/admin/bank-statements/lines/${id}/undo`, 'POST')

// ---- VAT: the return's figures and the accountant's files (docs/vat.md): ----

export type VatSettingsDTO = { vatPeriod: VatPeriodKind; vatRegistered: boolean; vatRate: number }
export const vatSettingsQuery = () => query<VatSettingsDTO>('/api/admin/vat/settings')
export const saveVatPeriod = (vatPeriod: VatPeriodKind) =>
  call<VatSettingsDTO>('/api/admin/vat/settings', 'PUT', { vatPeriod })
/** The figures of the shop's VAT period that `month` (YYYY-MM) is in. */
export const vatReportQuery = (month: string) =>
  query<VatReportDTO>(`/api/admin/vat?period=${encodeURIComponent(month)}`)
export const vatCsv = (month: string) =>
  file(`/api/admin/vat?period=${encodeURIComponent(month)}&format=csv`)
/** The accountant's import file of shop days `from` to `to`: Xero's or Sage Accounting's. */
export const accountingExport = (to: 'xero' | 'sage', span: { from: string; to: string }) =>
  file(`/api/admin/exports/${to}?${new URLSearchParams(span)}`)
