'use client'

import { CATEGORIES } from '@/lib/categories'

const OPTIONS = [{ value: 'all', label: 'All' }, ...CATEGORIES.map((c) => ({ value: c, label: c }))]

export function CategoryFilter({
  value,
  onChange,
}: {
  value: string
  onChange: (v: string) => void
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
