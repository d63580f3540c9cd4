'use client'

import { useState, type FormEvent } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { adminFetch, serverDetails } from '@/client/admin-api'
import { CATEGORIES } from '@/modules/catalogue/categories'
import {
  formatPriceBreaks,
  parsePriceBreaks,
  PRICE_BREAKS_CELL_HINT,
} from '@/modules/pricing/price-breaks-text'
import type { ProductDTO } from '@/modules/catalogue/product'
import { productPatch } from '@/modules/catalogue/product-edit'
import { failureToast } from './errors'

type Props = {
  product?: ProductDTO
  categories: string[]
  onClose: () => void
  onSaved: () => void
}

const text = (v: number | string | undefined) => (v === undefined ? '' : String(v))

/** Create (no `product`) or edit a product. The SKU cannot change once created. */
export function ProductFormDialog({ product, categories, onClose, onSaved }: Props) {
  const toast = useToast()
  const editing = Boolean(product)
  const [form, setForm] = useState({
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
  })
  // What the form was opened with, less what the server has since said changed.
  const [base, setBase] = useState(product)
  const [image, setImage] = useState<File | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))
  const options = [...new Set([...CATEGORIES, ...categories])]

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const price = Number(form.price)
    if (!form.sku.trim() || !form.name.trim() || !form.category || !(price > 0)) {
      toast({
        title: 'Error',
        description: 'Please fill in all required fields.',
        variant: 'error',
      })
      return
    }
    const optionalMoney = (v: string) => (v.trim() === '' ? null : Number(v))
    const breaks = parsePriceBreaks(form.priceBreaks)
    if (!breaks) {
      toast({ title: 'Error', description: PRICE_BREAKS_CELL_HINT, variant: 'error' })
      return
    }
    const fields = {
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
    }
    setSaving(true)
    try {
      if (editing) {
        const patch = productPatch(base!, { ...fields, description: fields.description || null })
        if (Object.keys(patch).length) {
          await adminFetch(`/api/products/${encodeURIComponent(product!.sku)}`, {
            method: 'PUT',
            body: JSON.stringify(patch),
          })
        }
        toast({ title: 'Product updated successfully!', variant: 'success' })
      } else {
        const data = { sku: form.sku.trim(), ...fields }
        let body: BodyInit = JSON.stringify(data)
        if (image) {
          const multipart = new FormData()
          multipart.set('data', JSON.stringify({ ...data, imageURL: null }))
          multipart.set('image', image)
          body = multipart
        }
        await adminFetch('/api/admin/products', { method: 'POST', body })
        toast({ title: 'Product created successfully!', variant: 'success' })
      }
      onSaved()
      onClose()
    } catch (error) {
      // The stock moved while the form was open: offer the stock as it is now, save nothing.
      const now = serverDetails(error)?.inStock
      if (base && typeof now === 'number') {
        setBase({ ...base, inStock: now })
        setForm((f) => ({ ...f, inStock: String(now) }))
      }
      const message = failureToast(
        error,
        'Error',
        editing ? 'Failed to update product.' : 'Failed to create product.',
      )
      if (message) toast(message)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open onClose={onClose} title={editing ? `Edit ${product!.name}` : 'Create Product'}>
      <form className="form-grid" onSubmit={submit} noValidate>
        <label htmlFor="p-sku">SKU *</label>
        <input
          id="p-sku"
          value={form.sku}
          onChange={set('sku')}
          readOnly={editing}
          aria-readonly={editing}
        />
        <label htmlFor="p-name">Name *</label>
        <input id="p-name" value={form.name} onChange={set('name')} />
        <label htmlFor="p-category">Category *</label>
        <select id="p-category" value={form.category} onChange={set('category')}>
          <option value="">Choose a category</option>
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <label htmlFor="p-price">Price (R) *</label>
        <input
          id="p-price"
          type="number"
          min="0.01"
          step="0.01"
          value={form.price}
          onChange={set('price')}
        />
        <label htmlFor="p-special">Special price (R)</label>
        <input
          id="p-special"
          type="number"
          min="0.01"
          step="0.01"
          value={form.specialPrice}
          onChange={set('specialPrice')}
        />
        <label htmlFor="p-old">Old price (R)</label>
        <input
          id="p-old"
          type="number"
          min="0.01"
          step="0.01"
          value={form.oldPrice}
          onChange={set('oldPrice')}
        />
        <label htmlFor="p-stock">Stock</label>
        <input
          id="p-stock"
          type="number"
          min="0"
          step="1"
          value={form.inStock}
          onChange={set('inStock')}
        />
        <label htmlFor="p-min-qty">Minimum order quantity</label>
        <input
          id="p-min-qty"
          type="number"
          min="1"
          step="1"
          value={form.minQty}
          onChange={set('minQty')}
        />
        <label htmlFor="p-case-size">Case size (sold in multiples of)</label>
        <input
          id="p-case-size"
          type="number"
          min="1"
          step="1"
          value={form.caseSize}
          onChange={set('caseSize')}
        />
        <label htmlFor="p-breaks">Quantity-break prices</label>
        <input
          id="p-breaks"
          value={form.priceBreaks}
          onChange={set('priceBreaks')}
          placeholder="12:9.00;48:8.50"
          aria-describedby="p-breaks-hint"
        />
        <p id="p-breaks-hint" className="field-hint">
          From how many units : the price of each, e.g. 12:9.00;48:8.50 for R 9,00 each from 12 and
          R 8,50 each from 48.
        </p>
        <label htmlFor="p-description">Description</label>
        <textarea
          id="p-description"
          rows={3}
          value={form.description}
          onChange={set('description')}
        />
        <label htmlFor="p-image-url">Image URL</label>
        <input
          id="p-image-url"
          type="url"
          value={form.imageURL}
          onChange={set('imageURL')}
          placeholder="https://…"
        />
        {editing ? null : (
          <>
            <label htmlFor="p-image">Or upload an image (JPEG, PNG, WebP, AVIF; up to 5 MB)</label>
            <input
              id="p-image"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Product'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
