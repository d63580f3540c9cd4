'use client'

import { useState, type FormEvent } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { AdminApiError, ownerProductQuery } from '@/client/admin-api'
import { CATEGORIES } from '@/modules/catalogue/categories'
import type { OwnerProductDTO } from '@/modules/catalogue/product'
import { failureToast } from './errors'
import { PriceAndRuleFields } from './price-and-rule-fields'
import { formFields, formValues, saveProduct } from './product-form'
import { useAdminData } from './use-admin-data'

type Props = {
  product?: OwnerProductDTO
  categories: string[]
  onClose: () => void
  onSaved: () => void
}

/** Create (no `product`) or edit a product. The SKU cannot change once created. */
export function ProductFormDialog({ product, categories, onClose, onSaved }: Props) {
  const toast = useToast()
  const editing = Boolean(product)
  const [form, setForm] = useState(() => formValues(product))
  // What the form was opened with, less what the server has since said changed.
  const [base, setBase] = useState(product)
  const [image, setImage] = useState<File | null>(null)
  const [saving, setSaving] = useState(false)
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }))
  const options = [...new Set([...CATEGORIES, ...categories])]

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = formFields(form)
    if ('problem' in checked) {
      toast({ title: 'Error', description: checked.problem, variant: 'error' })
      return
    }
    setSaving(true)
    try {
      await saveProduct(base, { sku: form.sku.trim(), ...checked.fields }, image)
      toast({
        title: editing ? 'Product updated successfully!' : 'Product created successfully!',
        variant: 'success',
      })
      onSaved()
      onClose()
    } catch (error) {
      // The stock moved while the form was open: offer the stock as it is now, save nothing.
      const now = error instanceof AdminApiError ? error.body.inStock : undefined
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
        <PriceAndRuleFields form={form} set={set} />
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

/**
 * Edits a product as the owner reads it (GET /api/admin/products/{sku}): the list's copy is the
 * public one, which has no cost price, so the form waits for the owner's.
 */
export function EditProductDialog({
  sku,
  onClose,
  onSaved,
}: { sku: string } & Pick<Props, 'onClose' | 'onSaved'>) {
  const { data, error } = useAdminData(ownerProductQuery(sku))
  if (data)
    return <ProductFormDialog product={data} categories={[]} onClose={onClose} onSaved={onSaved} />
  return (
    <Dialog open onClose={onClose} title={`Edit ${sku}`}>
      <p role={error ? 'alert' : 'status'}>{error ? 'Could not load the product.' : 'Loading…'}</p>
    </Dialog>
  )
}
