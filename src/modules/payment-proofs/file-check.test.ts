import { describe, expect, it } from 'vitest'

import { assertDeclaredSize, checkProofFile, declaredProofType, sniffProofType } from './file-check'
import { PROOF_MAX_BYTES } from './proof'

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  )

const PDF = bytes('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n')
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF\0')
const PNG = bytes('\x89PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR')
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')
const EXE = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0])

const statusOf = (work: () => unknown): number | undefined => {
  try {
    work()
    return undefined
  } catch (error) {
    return (error as { status?: number }).status
  }
}

describe('sniffProofType', () => {
  it('knows a PDF, a JPEG, a PNG and a WebP by their first bytes', () => {
    expect(sniffProofType(PDF)).toBe('application/pdf')
    expect(sniffProofType(JPEG)).toBe('image/jpeg')
    expect(sniffProofType(PNG)).toBe('image/png')
    expect(sniffProofType(WEBP)).toBe('image/webp')
  })

  it('knows nothing else, nor a file cut short inside its signature', () => {
    expect(sniffProofType(EXE)).toBeUndefined()
    expect(sniffProofType(bytes('<html><script>alert(1)</script>'))).toBeUndefined()
    expect(sniffProofType(bytes('GIF89a'))).toBeUndefined()
    expect(sniffProofType(bytes('%PDF'))).toBeUndefined()
    expect(sniffProofType(PNG.subarray(0, 7))).toBeUndefined()
    expect(sniffProofType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined()
    // A PDF signature later in the file does not make it a PDF.
    expect(sniffProofType(bytes('MZ%PDF-1.4'))).toBeUndefined()
  })
})

describe('checkProofFile', () => {
  it('answers the type the bytes show', () => {
    expect(checkProofFile(PNG)).toBe('image/png')
    expect(checkProofFile(PDF)).toBe('application/pdf')
  })

  it('refuses an empty file (400), a program (415) and a file over 5 MB (413)', () => {
    expect(statusOf(() => checkProofFile(new Uint8Array(0)))).toBe(400)
    expect(statusOf(() => checkProofFile(EXE))).toBe(415)
    const large = new Uint8Array(PROOF_MAX_BYTES + 1)
    large.set(PDF)
    expect(statusOf(() => checkProofFile(large))).toBe(413)
    const atLimit = new Uint8Array(PROOF_MAX_BYTES)
    atLimit.set(PDF)
    expect(checkProofFile(atLimit)).toBe('application/pdf')
  })
})

describe('declaredProofType', () => {
  it('takes the four types, with parameters and in any case', () => {
    expect(declaredProofType('application/pdf')).toBe('application/pdf')
    expect(declaredProofType('IMAGE/PNG; name=x')).toBe('image/png')
  })

  it('refuses any other type, and none (415)', () => {
    for (const type of [null, '', 'application/x-msdownload', 'text/html', 'multipart/form-data']) {
      expect(statusOf(() => declaredProofType(type))).toBe(415)
    }
  })
})

describe('assertDeclaredSize', () => {
  it('refuses a Content-Length over 5 MB before anything is read', () => {
    expect(statusOf(() => assertDeclaredSize(String(PROOF_MAX_BYTES + 1)))).toBe(413)
    expect(statusOf(() => assertDeclaredSize(String(50 * 1024 * 1024)))).toBe(413)
    expect(statusOf(() => assertDeclaredSize(String(PROOF_MAX_BYTES)))).toBeUndefined()
    expect(statusOf(() => assertDeclaredSize(null))).toBeUndefined()
  })
})
