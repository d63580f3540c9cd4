/** `npm run build`: a production build, stamped so that `npm start` knows it is current. */
import { ensureBuild } from './lib/ensure-build'

ensureBuild({ force: !process.argv.includes('--if-stale') })
