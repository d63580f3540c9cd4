'use client'

import { CATEGORIES, type Category } from '@/modules/catalogue/categories'

const OPTIONS: { value: Category | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...CATEGORIES.map((c) => ({ value: c, label: c })),
]

export function CategoryFilter({
  value,
  onChange,
}: {
  value: Category | 'all'
  onChange: (v: Category | 'all') => void
}) {
  return (
    <nav className="category-filter" aria-label="Categories">
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className={`chip${value === option.value ? ' active' : ''}`}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </nav>
  )
}
