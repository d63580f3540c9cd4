// The order lane's thread starts here: a worker does not take the server's `--import tsx` on
// Node 20, so it loads its TypeScript through tsx's API.
import { tsImport } from 'tsx/esm/api'

await tsImport('./order-lane-worker.ts', import.meta.url)
