/** The delivery-area slug the checkout sends: lowercase, runs of non-alphanumerics to one hyphen. */
export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
