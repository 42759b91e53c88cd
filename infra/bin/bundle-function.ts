/**
 * `node --import tsx infra/bin/bundle-function.ts ENTRY OUTDIR ROOT`: bundles one Lambda handler
 * exactly as the synth does (`bundleFunction`, infra/lib/bundling.ts). The CDK's local
 * bundling hook is synchronous and esbuild's plugins need its asynchronous API, so the hook runs this.
 */
import { bundleFunction } from '../lib/bundling';

const [entry, outdir, root] = process.argv.slice(2);
if (!entry || !outdir || !root) throw new Error('usage: node --import tsx infra/bin/bundle-function.ts ENTRY OUTDIR ROOT');
await bundleFunction(entry, outdir, root);
