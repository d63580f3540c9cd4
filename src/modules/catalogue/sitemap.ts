import type { Payload } from 'payload'

import { productPath } from '@/modules/catalogue/product'
import { sitemapPageCount, sitemapSkus } from './search-repository'

const XML_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** One file of product addresses (and the front page in the first). */
export async function sitemapFile(shop: Payload, origin: string, page: number): Promise<Response> {
  const skus = await sitemapSkus(shop.db.pool, page)
  const urls = skus.map(
    ({ sku, updatedAt }) =>
      `<url><loc>${escapeXml(origin + productPath(sku))}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`,
  )
  if (page === 0) urls.unshift(`<url><loc>${escapeXml(`${origin}/`)}</loc></url>`)
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    { headers: XML_HEADERS },
  )
}

/**
 * /sitemap.xml: the addresses themselves while they fit one file (40,000 products), else an
 * index of /sitemaps/{n}.xml files, as the sitemap protocol caps a file at 50,000 addresses.
 */
export async function sitemapRoot(shop: Payload, origin: string): Promise<Response> {
  const files = await sitemapPageCount(shop.db.pool)
  if (files === 1) return sitemapFile(shop, origin, 0)
  const entries = Array.from(
    { length: files },
    (_, n) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${n}.xml`)}</loc></sitemap>`,
  )
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    { headers: XML_HEADERS },
  )
}

/** Whether /sitemaps/{page}.xml is one of the catalogue's sitemap files. */
export async function isSitemapPage(shop: Payload, page: number): Promise<boolean> {
  return page >= 0 && page < (await sitemapPageCount(shop.db.pool))
}

/** What crawlers may read: the shop and its products, never the owner's or staff's pages. */
export function robotsTxt(origin: string): Response {
  return new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /cms',
      'Disallow: /api/',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
    {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    },
  )
}
