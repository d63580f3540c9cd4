import { describe, expect, it } from 'vitest'

import { mediaFileFor } from './media-files'

describe('mediaFileFor', () => {
  const dir = '/srv/media'

  it('maps a media file URL to the file in the media folder, ignoring the query', () => {
    expect(mediaFileFor('/cms/api/media/file/ele-007-400x400.webp', dir)).toBe(
      '/srv/media/ele-007-400x400.webp',
    )
    expect(mediaFileFor('/cms/api/media/file/photo.JPG?v=2', dir)).toBe('/srv/media/photo.JPG')
  })

  it('leaves anything that is not a plain image file name to Payload', () => {
    for (const url of [
      '/cms/api/media/file/..%2F..%2Fetc%2Fpasswd',
      '/cms/api/media/file/../secret.webp',
      '/cms/api/media/file/sub%2Fphoto.webp',
      '/cms/api/media/file/.hidden.webp',
      '/cms/api/media/file/notes.txt',
      '/cms/api/media/file/photo.constructor',
      '/cms/api/media/file/%E0%A4%A.webp',
      '/cms/api/media/file/',
      '/cms/api/media/1',
      '/api/products',
    ]) {
      expect(mediaFileFor(url, dir), url).toBeUndefined()
    }
  })
})
