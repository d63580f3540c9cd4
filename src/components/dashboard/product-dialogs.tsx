import { CATEGORIES } from '@/modules/catalogue/categories'
import type { ProductDTO } from '@/modules/catalogue/product'
import { ImportDialog } from './import-dialog'
import { EditProductDialog, ProductFormDialog } from './product-form-dialog'
import { ProductViewDialog } from './product-view-dialog'

export type Open =
  { kind: 'create' } | { kind: 'edit' | 'view'; product: ProductDTO } | { kind: 'import' } | null

/** The products tab's dialog that is open, if any; `onChanged` after anything it saved. */
export function ProductDialogs({
  open,
  onClose,
  onChanged,
}: {
  open: Open
  onClose: () => void
  onChanged: () => void
}) {
  if (open?.kind === 'create')
    return <ProductFormDialog categories={[...CATEGORIES]} onClose={onClose} onSaved={onChanged} />
  if (open?.kind === 'edit')
    return <EditProductDialog sku={open.product.sku} onClose={onClose} onSaved={onChanged} />
  if (open?.kind === 'view')
    return <ProductViewDialog product={open.product} onClose={onClose} onStockChanged={onChanged} />
  if (open?.kind === 'import') return <ImportDialog onClose={onClose} onImported={onChanged} />
  return null
}
