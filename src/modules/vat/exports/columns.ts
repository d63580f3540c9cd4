/**
 * The accountants' import files' columns, exactly as their makers document them (the unit tests
 * hold the builders to these lists, and the lists to tests/fixtures/accounting/, with sources).
 *
 * Xero, "Import invoices" (Business > Invoices > Import > Download template): the sales invoice
 * template's header row. Starred columns are required; Xero takes the stars as part of the
 * heading. Credit notes go in the same file as lines of negative quantity under their own
 * number: Xero imports a document whose total is negative as a credit note.
 *
 * Sage Business Cloud Accounting, "Import a batch of sales or purchase entries" (Sales > Quick
 * Entries > Import Quick Entries;
 * https://help.accounting.sage.com/en-gb/accounting/importing/extra-quick-entry-import.html),
 * "Sales quick entry file format - VAT registered": one row per invoice or credit note
 * (Type `Invoice` or `Cr Note`) and VAT rate, with its net, VAT and total.
 */
export const XERO_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const

export const SAGE_COLUMNS = [
  'Type',
  'Customer Reference',
  'Date',
  'Customer name',
  'Reference',
  'Ledger Account',
  'Details',
  'Net',
  'VAT Rate',
  'VAT',
  'Total',
  'Analysis Type 1',
  'Analysis Type 2',
  'Analysis Type 3',
] as const

/**
 * What the files code sales to, until the shop lets the owner choose: Xero's demo chart codes
 * sales to 200; Sage Accounting's default chart has Sales Type A as ledger account 4000. The tax
 * rates must be named as in the accountant's own Xero (Settings > Tax Rates); docs/vat.md says
 * how to rename them when theirs differ.
 */
export const ACCOUNT_CODES = { xero: '200', sage: '4000' } as const

export const XERO_TAX_TYPES = {
  standard: (rate: number) => `${rate}% (VAT on Income)`,
  zero: 'Zero Rated Income',
  none: 'No VAT',
} as const

export const SAGE_VAT_RATES = { standard: 'Standard', zero: 'Zero Rated', none: 'No VAT' } as const
