import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { COMPILE_HINT, addCompileHints, withCompileHint } from './compile-hints'

describe('compile hints', () => {
  it('puts the hint first, once', () => {
    const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([])'
    expect(withCompileHint(chunk)).toBe(`//# allFunctionsCalledOnLoad\n${chunk}`)
    expect(withCompileHint(withCompileHint(chunk))).toBe(withCompileHint(chunk))
  })

  it("marks the storefront's first-load and lazy chunks and leaves other routes' alone", () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-hints-'))
    const chunks = path.join(project, '.next', 'static', 'chunks')
    fs.mkdirSync(chunks, { recursive: true })
    fs.mkdirSync(path.join(project, '.next', 'diagnostics'))
    for (const name of ['shared.js', 'shop.js', 'cms.js', 'toaster.js']) {
      fs.writeFileSync(path.join(chunks, name), `/* ${name} */`)
    }
    fs.writeFileSync(
      path.join(project, '.next', 'diagnostics', 'route-bundle-stats.json'),
      JSON.stringify([
        { route: '/cms/[[...segments]]', firstLoadChunkPaths: ['.next/static/chunks/cms.js'] },
        {
          route: '/',
          firstLoadChunkPaths: ['.next/static/chunks/shared.js', '.next/static/chunks/shop.js'],
        },
      ]),
    )
    fs.mkdirSync(path.join(project, '.next', 'server', 'app', '(shop)', 'page'), {
      recursive: true,
    })
    fs.writeFileSync(
      path.join(
        project,
        '.next',
        'server',
        'app',
        '(shop)',
        'page',
        'react-loadable-manifest.json',
      ),
      JSON.stringify({ 170390: { id: 170390, files: ['static/chunks/toaster.js'] } }),
    )
    const read = (name: string) => fs.readFileSync(path.join(chunks, name), 'utf8')

    expect(addCompileHints(path.join(project, '.next'))).toHaveLength(3)
    addCompileHints(path.join(project, '.next'))

    expect(read('shared.js')).toBe(`${COMPILE_HINT}/* shared.js */`)
    expect(read('shop.js')).toBe(`${COMPILE_HINT}/* shop.js */`)
    expect(read('toaster.js')).toBe(`${COMPILE_HINT}/* toaster.js */`)
    expect(read('cms.js')).toBe('/* cms.js */')
    fs.rmSync(project, { recursive: true, force: true })
  })

  it('marks the chunks the first-load ones import later, as Turbopack names them', () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-hints-'))
    const chunks = path.join(project, '.next', 'static', 'chunks')
    fs.mkdirSync(chunks, { recursive: true })
    fs.mkdirSync(path.join(project, '.next', 'diagnostics'))
    fs.writeFileSync(
      path.join(chunks, 'shop.js'),
      'e.v(t=>Promise.all(["static/chunks/panel.js"].map(t=>e.l(t))).then(()=>t(1)))',
    )
    fs.writeFileSync(path.join(chunks, 'panel.js'), '/* panel.js */')
    fs.writeFileSync(path.join(chunks, 'cms.js'), '/* cms.js */')
    fs.writeFileSync(
      path.join(project, '.next', 'diagnostics', 'route-bundle-stats.json'),
      JSON.stringify([{ route: '/', firstLoadChunkPaths: ['.next/static/chunks/shop.js'] }]),
    )

    expect(addCompileHints(path.join(project, '.next'))).toHaveLength(2)
    expect(fs.readFileSync(path.join(chunks, 'panel.js'), 'utf8')).toBe(
      `${COMPILE_HINT}/* panel.js */`,
    )
    expect(fs.readFileSync(path.join(chunks, 'cms.js'), 'utf8')).toBe('/* cms.js */')
    fs.rmSync(project, { recursive: true, force: true })
  })

  it('fails loudly when the build has no stats for the storefront', () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-hints-'))
    fs.mkdirSync(path.join(project, '.next', 'diagnostics'), { recursive: true })
    fs.writeFileSync(path.join(project, '.next', 'diagnostics', 'route-bundle-stats.json'), '[]')
    expect(() => addCompileHints(path.join(project, '.next'))).toThrow(/No first-load chunks/)
    fs.rmSync(project, { recursive: true, force: true })
  })
})
