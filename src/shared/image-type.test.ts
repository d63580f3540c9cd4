import { describe, expect, it } from 'vitest'

import { sniffImageType } from './image-type'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  )

describe('sniffImageType', () => {
  it('knows the four image formats by their bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mimetype).toBe('image/jpeg')
    expect(sniffImageType(bytes('\x89PNG\r\n\x1a\n', [0, 0]))?.mimetype).toBe('image/png')
    expect(sniffImageType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mimetype).toBe('image/webp')
    expect(sniffImageType(bytes([0, 0, 0, 28], 'ftypavif', [0]))?.mimetype).toBe('image/avif')
  })

  it('refuses SVG, HTML, XML and anything else whatever it is called', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(sniffImageType(bytes('<!doctype html><script>alert(1)</script>'))).toBeUndefined()
    expect(sniffImageType(bytes('<?xml version="1.0"?>'))).toBeUndefined()
    expect(sniffImageType(bytes('GIF89a'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
  })
})
