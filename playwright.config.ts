import { defineConfig, devices } from '@playwright/test'

import { assertChromium, chromiumArgs, chromiumPath } from './tests/helpers/chromium'

assertChromium()

// Chosen once in the main process; workers inherit it, so they all talk to the one server.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000))
// A stand-in for PayFast on a port of its own, started by tests/e2e/payfast.spec.ts: the shop
// sends buyers and its validation calls there, and takes ITNs from 127.0.0.1 (docs/payments.md).
process.env.E2E_PAYFAST_PORT ??= String(40_000 + Math.floor(Math.random() * 10_000))
process.env.PAYFAST_BASE_URL ??= `http://127.0.0.1:${process.env.E2E_PAYFAST_PORT}`
process.env.PAYFAST_VALID_HOSTS ??= '127.0.0.1'
// Lets context.route see the service worker's own requests, so an offline test can refuse them
// (context.setOffline does not reach a service worker): tests/e2e/offline.spec.ts.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

const launchOptions = { executablePath: chromiumPath, args: chromiumArgs }

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
})
