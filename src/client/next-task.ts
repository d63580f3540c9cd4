/**
 * Runs `work` in a task of its own after the current one, and returns a cancel function. Effects
 * that run while the page hydrates use it so that their work (a fetch, loading a chunk) does not
 * lengthen hydration's last task, which a phone's main thread cannot interrupt.
 * `whenIdle` waits for the browser to be idle, at most `timeoutMs`, where it can tell.
 */
export function nextTask(work: () => void): () => void {
  const timer = setTimeout(work, 0)
  return () => clearTimeout(timer)
}

export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') return nextTask(work)
  const handle = window.requestIdleCallback(work, { timeout: timeoutMs })
  return () => window.cancelIdleCallback(handle)
}
