import { Worker } from 'node:worker_threads'

import { BadInput } from '@/shared/errors'
import { parseBankAmount, parseBankDate } from './bank-amounts'
import type { ReadStatement, StatementLine } from './bank-csv'

/** Whether the file looks like OFX (SGML 1.x or XML 2.x) rather than CSV. */
export function isOfx(text: string): boolean {
  const head = text
    .slice(0, 2000)
    .replace(/^\uFEFF/, '')
    .trimStart()
  return (
    /^OFXHEADER\s*:/i.test(head) || /<\?OFX\b/i.test(head) || /^(<\?xml[^>]*>\s*)?<OFX>/i.test(head)
  )
}

export const BAD_OFX = 'This OFX file cannot be read: download the statement from the bank again.'

/** How long the OFX parser may take over one file before the file is refused. */
const PARSE_MS = 10_000

/**
 * The worker's code: ofx-js (a maintained OFX 1.x/2.x parser) run on the file. It runs apart from
 * the server's thread, on a heap of its own and under a time limit: its SGML fallback backtracks
 * badly over some inputs (long runs of capitals in a tag), which must not hold the server.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import('ofx-js').then((ofx) => {
  try { parentPort.postMessage({ ok: true, ofx: ofx.parseSync(workerData).OFX }) }
  catch (error) { parentPort.postMessage({ ok: false, message: String(error && error.message) }) }
}, (error) => parentPort.postMessage({ ok: false, missing: true, message: String(error) }))`

type Parsed = { ok: true; ofx: unknown } | { ok: false; missing?: boolean; message: string }

function parseInWorker(text: string): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: text,
      resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 },
    })
    const timer = setTimeout(() => {
      void worker.terminate()
      resolve({ ok: false, message: 'timed out' })
    }, PARSE_MS)
    worker.once('message', (parsed: Parsed) => {
      clearTimeout(timer)
      void worker.terminate()
      resolve(parsed)
    })
    worker.once('error', (error) => {
      clearTimeout(timer)
      // Out of its heap: the file was no statement.
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        resolve({ ok: false, message: 'too large' })
      else reject(error)
    })
  })
}

type Obj = Record<string, unknown>
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v])
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {})
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')

/** Every bank statement in the parsed OFX (a file may hold several accounts). */
function statementsOf(ofx: Obj): { account: string; transactions: unknown[]; balance: unknown }[] {
  const bank = asList(obj(ofx.BANKMSGSRSV1).STMTTRNRS).map((t) => obj(obj(t).STMTRS))
  const card = asList(obj(ofx.CREDITCARDMSGSRSV1).CCSTMTTRNRS).map((t) => obj(obj(t).CCSTMTRS))
  return [...bank, ...card].map((s) => ({
    account: text(obj(s.BANKACCTFROM).ACCTID) || text(obj(s.CCACCTFROM).ACCTID),
    transactions: asList(obj(s.BANKTRANLIST).STMTTRN),
    balance: s.LEDGERBAL,
  }))
}

/**
 * An OFX statement read with ofx-js: each transaction with its day (DTPOSTED), signed amount
 * (TRNAMT), description (NAME and MEMO) and the bank's id (FITID, with the account's). A file
 * the parser refuses, or with no statement in it, or a transaction without a day, amount or
 * FITID: BadInput, nothing read.
 */
export async function readOfx(file: string): Promise<ReadStatement> {
  // No OFX element's name is this long; such a file is no statement, and costs the parser most.
  if (/<\/?[A-Za-z0-9_.]{24}/.test(file)) throw new BadInput(BAD_OFX)
  const parsed = await parseInWorker(file)
  if (!parsed.ok) {
    if (parsed.missing) throw new Error(`The OFX parser could not be loaded: ${parsed.message}`)
    throw new BadInput(BAD_OFX)
  }
  const statements = statementsOf(obj(parsed.ofx))
  if (statements.length === 0) throw new BadInput(BAD_OFX)
  const lines: StatementLine[] = []
  for (const statement of statements) {
    for (const t of statement.transactions) {
      const tx = obj(t)
      const day = parseBankDate(text(tx.DTPOSTED).slice(0, 8))
      const cents = parseBankAmount(text(tx.TRNAMT))
      const fitid = text(tx.FITID)
      if (!day || cents === undefined || cents === null || !fitid) throw new BadInput(BAD_OFX)
      const description = [text(tx.NAME), text(tx.MEMO)].filter(Boolean).join(' ')
      lines.push({
        day,
        cents,
        description: description.replace(/\s+/g, ' ').slice(0, 500),
        balanceCents: null,
        transactionId: `${statement.account}:${fitid}`.slice(0, 200),
      })
    }
  }
  return { bank: 'ofx', lines }
}
