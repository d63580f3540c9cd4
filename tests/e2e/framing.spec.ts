import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { expect } from '@playwright/test'

import { test } from './fixtures'

/*
 * Another site's page framing the owner's dashboard, the staff panel or a buyer's account page
 * gets nothing in the frame: the browser refuses it (frame-ancestors 'none').
 */

// The refusal is the browser enforcing the policy, which it reports as a violation.
test.use({ cspExpected: /frame-ancestors 'none'/ })

let evil: http.Server
let evilOrigin: string

test.beforeAll(async () => {
  evil = http.createServer((req, res) => {
    const target = new URL(req.url!, 'http://evil').searchParams.get('frame')!
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<!doctype html><title>Win a prize</title><iframe src="${target}"></iframe>`)
  })
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve))
  // localhost and 127.0.0.1 are different origins: the shop is served from 127.0.0.1.
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => evil.close(resolve))
})

for (const path of ['/admin', '/cms/login', '/account/sign-in']) {
  test(`${path} refuses to load in another site's frame`, async ({ page, baseURL }) => {
    const shopped = page.waitForResponse((res) => res.url() === `${baseURL}${path}`)
    await page.goto(`${evilOrigin}/?frame=${encodeURIComponent(`${baseURL}${path}`)}`)
    const answer = await shopped
    const frame = page.frames().find((f) => f !== page.mainFrame())!
    await frame.waitForLoadState('load')
    // A refused frame is left on Chromium's error page: none of the shop's page is in it.
    expect(frame.url()).not.toBe(`${baseURL}${path}`)
    const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')
    expect(text).not.toMatch(/Login|Sign in|Email|Password|Owner|Admin|Privacy/i)
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  })
}

test('the shop still opens those pages itself, at the top level', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveTitle(/./)
})
