import { type Domain } from '@fittrack/functions/routes';

/**
 * Lambda bundle budgets (DESIGN.md section 10): minified ESM with the AWS SDK bundled.
 * CRUD functions ≤ 700 KB; billing and the webhook carry the Stripe/PayPal SDKs and have no
 * size budget, only the cold-import ratio (checked by `npm run bench`).
 */
export const BUNDLE_BUDGET_BYTES: Record<Domain, number | null> = {
  auth: 700 * 1024,
  tracking: 700 * 1024,
  catalog: 700 * 1024,
  feedback: 700 * 1024,
  admin: 700 * 1024,
  billing: null,
  'stripe-webhook': null,
};

/** Cold import ratio budgets (a node process importing the bundle vs an empty module). */
export const COLD_IMPORT_BUDGET: Record<Domain, number> = {
  auth: 1.8,
  tracking: 1.8,
  catalog: 1.8,
  feedback: 1.8,
  admin: 1.8,
  billing: 2.5,
  'stripe-webhook': 2.5,
};
