import { BadInput, PayloadTooLarge, UnsupportedMediaType } from '@/shared/errors'

import { PROOF_MAX_BYTES, PROOF_TYPES, type ProofType } from './proof'

export const PROOF_KINDS_TEXT = 'Send a PDF, JPEG, PNG or WebP file.'

/** What a file is by its first bytes, never its name or the type it was sent as. */
export function sniffProofType(bytes: Uint8Array): ProofType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf'
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg'
  }
  if (bytes.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png'
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return undefined
}

/** The declared media type of an upload, without parameters; 415 for anything not taken. */
export function declaredProofType(contentType: string | null): ProofType {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  const known = PROOF_TYPES.find((t) => t === type)
  if (!known) throw new UnsupportedMediaType(PROOF_KINDS_TEXT)
  return known
}

/** 413 when the declared length is over the limit: said before any byte is read. */
export function assertDeclaredSize(contentLength: string | null): void {
  if (Number(contentLength ?? 0) > PROOF_MAX_BYTES) throw tooLarge()
}

/**
 * The file's type by its bytes: 400 for an empty file, 413 past the limit, 415 for anything
 * that is not a PDF, JPEG, PNG or WebP whatever it was called.
 */
export function checkProofFile(bytes: Uint8Array): ProofType {
  if (bytes.byteLength === 0) {
    throw new BadInput('The file is empty.', { field: 'body' })
  }
  if (bytes.byteLength > PROOF_MAX_BYTES) throw tooLarge()
  const type = sniffProofType(bytes)
  if (!type) throw new UnsupportedMediaType(PROOF_KINDS_TEXT)
  return type
}

function tooLarge(): PayloadTooLarge {
  return new PayloadTooLarge(PROOF_MAX_BYTES, 'The file is too large (limit 5 MB).')
}
