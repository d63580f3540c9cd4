'use client'

import { useEffect, useRef, useState } from 'react'

import { useSaveData } from '@/components/offline/save-data'
import { smallestImage, srcSetFor } from '@/modules/catalogue/image-srcset'

const PLACEHOLDER = '/placeholder.svg'
const SIZES = '(max-width: 768px) 50vw, 280px'

/**
 * How a card's photo loads: `priority` where the first screen's largest paint is, fetched
 * ahead of everything else and decoded with its frame; `eager` for the rest of the first screen;
 * `lazy` once it comes within 50 px of the viewport.
 */
export type ImageLoad = 'priority' | 'eager' | 'lazy'

/** A product photo; the placeholder when it is missing or fails, then "Image unavailable". */
export function ProductImage({
  src,
  alt,
  load,
  sizes = SIZES,
}: {
  src?: string
  alt: string
  load: ImageLoad
  /** How wide the photo shows: a card's width unless told (the product page's is wider). */
  sizes?: string
}) {
  // Saving data, the 200 px size whatever the screen: a quarter of the 400 px one's bytes.
  const saveData = useSaveData().on
  const photo = src && saveData ? smallestImage(src) : src
  const eager = load !== 'lazy'
  const [stage, setStage] = useState<'photo' | 'placeholder' | 'failed'>(
    src ? 'photo' : 'placeholder',
  )
  // Starts at `eager` so a photo that began eager keeps its src if a wider guess is corrected
  // to a phone; and one the server guessed was below a phone's first screen is eager on a
  // wider one at once, with no observer round.
  const [cameNear, setNear] = useState(eager)
  const near = cameNear || eager
  const box = useRef<HTMLDivElement>(null)
  const img = useRef<HTMLImageElement>(null)
  // Moves on only from the URL that failed: the check below and onError can both report one.
  const failed = (url: string | null) =>
    setStage((now) => {
      if (url !== (now === 'photo' ? photo : PLACEHOLDER)) return now
      return now === 'photo' ? 'placeholder' : 'failed'
    })

  // A photo in the server's HTML can fail before the page runs, when no onError is listening
  // yet. Checked once, at hydration: after a src change the old request's state lingers a moment.
  useEffect(() => {
    const shown = img.current
    if (shown?.complete && shown.naturalWidth === 0 && shown.currentSrc) {
      failed(shown.getAttribute('src'))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the server's HTML only
  }, [])

  useEffect(() => {
    if (near || !box.current) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: '50px' },
    )
    observer.observe(box.current)
    return () => observer.disconnect()
  }, [near])

  if (stage === 'failed') {
    return (
      <div className="product-image image-unavailable" ref={box}>
        Image unavailable
      </div>
    )
  }
  const url = stage === 'photo' ? photo! : PLACEHOLDER
  return (
    <div className="product-image" ref={box}>
      {near ? (
        // eslint-disable-next-line @next/next/no-img-element -- sizes come from Payload's media, not next/image
        <img
          ref={img}
          src={url}
          srcSet={stage === 'photo' && !saveData ? srcSetFor(src) : undefined}
          sizes={sizes}
          alt={alt}
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={load === 'priority' ? 'high' : 'auto'}
          decoding={load === 'priority' ? 'auto' : 'async'}
          onError={() => failed(url)}
        />
      ) : null}
    </div>
  )
}
