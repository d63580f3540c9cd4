import fs from 'node:fs'
import path from 'node:path'

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its
 * functions compiled eagerly, on the background thread that streams the script in, instead of
 * lazily on the main thread the first time each is called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** The routes whose chunks get the hint: the storefront, the page phones load. */
const HINTED_ROUTES = ['/']

/**
 * The storefront's lazily loaded chunks, from the manifest Next writes for next/dynamic imports
 * under the `(shop)` route group.
 */
const STOREFRONT_LOADABLE_MANIFEST = 'server/app/(shop)/page/react-loadable-manifest.json'

/**
 * The chunks a first-load chunk imports later (the cart's panel, checkout, the receipt, the
 * toaster: React.lazy and import(), which that manifest does not list), as Turbopack names them
 * in its loaders: `"static/chunks/<name>.js"`.
 */
const LAZY_CHUNK = /"(static\/chunks\/[\w.-]+\.js)"/g

export function withCompileHint(source: string): string {
  return source.startsWith(COMPILE_HINT) ? source : COMPILE_HINT + source
}

/**
 * Marks the storefront's chunks with the compile hint: the first-load ones, whose functions all
 * run while the page hydrates (Next's runtime, React DOM, the storefront), and the ones it loads
 * later, which run as soon as they arrive. Turbopack's module factories are otherwise compiled
 * one by one on the main thread when first required: on a throttled phone that was the longest
 * task of the first load. Returns the files it marked, relative to the project.
 */
export function addCompileHints(distDir: string): string[] {
  const statsFile = path.join(distDir, 'diagnostics', 'route-bundle-stats.json')
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as {
    route: string
    firstLoadChunkPaths: string[]
  }[]
  const root = path.dirname(path.resolve(distDir))
  const chunks = new Set(
    stats.filter((r) => HINTED_ROUTES.includes(r.route)).flatMap((r) => r.firstLoadChunkPaths),
  )
  if (chunks.size === 0) {
    throw new Error(`No first-load chunks for ${HINTED_ROUTES} in ${statsFile}`)
  }
  const distFromRoot = path.relative(root, path.resolve(distDir))
  for (const chunk of [...chunks]) {
    for (const [, file] of fs
      .readFileSync(path.resolve(root, chunk), 'utf8')
      .matchAll(LAZY_CHUNK)) {
      if (fs.existsSync(path.join(distDir, file!))) chunks.add(path.join(distFromRoot, file!))
    }
  }
  const loadable = path.join(distDir, STOREFRONT_LOADABLE_MANIFEST)
  if (fs.existsSync(loadable)) {
    const manifest = JSON.parse(fs.readFileSync(loadable, 'utf8')) as Record<
      string,
      { files: string[] }
    >
    for (const { files } of Object.values(manifest)) {
      for (const file of files) if (file.endsWith('.js')) chunks.add(path.join(distFromRoot, file))
    }
  }
  for (const chunk of chunks) {
    const file = path.resolve(root, chunk)
    const source = fs.readFileSync(file, 'utf8')
    const hinted = withCompileHint(source)
    if (hinted !== source) fs.writeFileSync(file, hinted)
  }
  return [...chunks]
}
