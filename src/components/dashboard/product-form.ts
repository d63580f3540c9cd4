import { createProduct, updateProduct } from '@/client/admin-api'
import type { OwnerProductDTO } from '@/modules/catalogue/product'
import { productPatch } from '@/modules/catalogue/product-edit'
import {
  formatPriceBreaks,
  parsePriceBreaks,
  PRICE_BREAKS_CELL_HINT,
} from '@/modules/pricing/price-breaks-text'

const text = (v: number | string | undefined) => (v === undefined ? '' : String(v))

/** The product form's inputs, as typed. */
export type ProductFormValues = ReturnType<typeof formValues>

export function formValues(product: OwnerProductDTO | undefined) {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    category: product?.category ?? '',
    price: text(product?.price),
    specialPrice: text(product?.specialPrice),
    oldPrice: text(product?.oldPrice),
    inStock: text(product?.inStock ?? 0),
    description: product?.description ?? '',
    imageURL: product?.imageURL ?? '',
    minQty: text(product?.minQty),
    caseSize: text(product?.caseSize),
    priceBreaks: formatPriceBreaks(product?.priceBreaks),
    costPrice: text(product?.costPrice),
  }
}

export type ProductFields = Exclude<ReturnType<typeof formFields>, { problem: string }>['fields']

/** What the API is sent for the form, or the toast's description of what is missing or wrong. */
export function formFields(form: ProductFormValues) {
  const price = Number(form.price)
  if (!form.sku.trim() || !form.name.trim() || !form.category || !(price > 0))
    return { problem: 'Please fill in all required fields.' }
  const optionalMoney = (v: string) => (v.trim() === '' ? null : Number(v))
  const breaks = parsePriceBreaks(form.priceBreaks)
  if (!breaks) return { problem: PRICE_BREAKS_CELL_HINT }
  return {
    fields: {
      name: form.name.trim(),
      category: form.category,
      price,
      specialPrice: optionalMoney(form.specialPrice),
      oldPrice: optionalMoney(form.oldPrice),
      inStock: form.inStock.trim() === '' ? 0 : Number(form.inStock),
      description: form.description.trim(),
      imageURL: form.imageURL.trim(),
      minQty: optionalMoney(form.minQty),
      caseSize: optionalMoney(form.caseSize),
      priceBreaks: breaks.length ? breaks : null,
      costPrice: optionalMoney(form.costPrice),
    },
  }
}

/**
 * Saves the form: an edit sends only what changed from `base` (what the form was opened with),
 * a new product everything, with its photo as multipart when one was chosen.
 */
export async function saveProduct(
  base: OwnerProductDTO | undefined,
  data: ProductFields & { sku: string },
  image: File | null,
): Promise<void> {
  if (base) {
    const { sku: _sku, ...fields } = data
    const patch = productPatch(base, { ...fields, description: fields.description || null })
    if (Object.keys(patch).length) await updateProduct(base.sku, patch)
    return
  }
  if (!image) return createProduct(data)
  const multipart = new FormData()
  multipart.set('data', JSON.stringify({ ...data, imageURL: null }))
  multipart.set('image', image)
  await createProduct(multipart)
}
