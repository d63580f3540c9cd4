import { describe, expect, it } from 'vitest'

import { smallestImage, srcSetFor } from './image-srcset'

describe('srcSetFor', () => {
  it('lists the four square WebP sizes of a media file', () => {
    expect(srcSetFor('/cms/api/media/file/ele-001.webp')).toBe(
      '/cms/api/media/file/ele-001-200x200.webp 200w, /cms/api/media/file/ele-001-400x400.webp 400w, ' +
        '/cms/api/media/file/ele-001-600x600.webp 600w, /cms/api/media/file/ele-001-800x800.webp 800w',
    )
  })

  it('leaves other URLs alone', () => {
    expect(srcSetFor('https://cdn.example/mug.jpg')).toBeUndefined()
    expect(srcSetFor(undefined)).toBeUndefined()
  })
})

describe('smallestImage', () => {
  it("is a media file's 200 px size, and other URLs as they are", () => {
    expect(smallestImage('/cms/api/media/file/ele-001.webp')).toBe(
      '/cms/api/media/file/ele-001-200x200.webp',
    )
    expect(smallestImage('https://cdn.example/mug.jpg')).toBe('https://cdn.example/mug.jpg')
  })
})
