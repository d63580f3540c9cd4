export const CATEGORIES = ['Electronics', 'Clothing', 'Home & Garden', 'Health & Beauty'] as const

export type Category = (typeof CATEGORIES)[number]

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value)
}
