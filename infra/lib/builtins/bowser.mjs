// Stands in for `bowser` (browser detection) in the Lambda bundles: the AWS SDK imports it only in its
// browser user-agent provider, which Node never uses (it builds the user agent from node:process and
// node:os). Without this, every function ships a 33 KB chunk nothing loads (infra/lib/constructs/functions.ts).
export const parse = () => ({});
export default { parse };
