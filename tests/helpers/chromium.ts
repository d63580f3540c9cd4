import fs from 'node:fs'

/** Debian's Chromium (never a downloaded browser); a missing one is an error, not a skip. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export function assertChromium(): void {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `No Chromium at ${chromiumPath}. Install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    )
  }
}

/** Root needs --no-sandbox; the rest keep a test or benchmark browser from dialling out. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
