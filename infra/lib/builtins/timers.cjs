// `node:timers` for the Lambda bundles, as the CommonJS module object (see bundleOptions in
// ../constructs/functions.ts): an ESM import of node:timers reads every export, and its `promises`
// getter loads timers/promises, which no function uses (@middy/core imports node:timers for setTimeout).
module.exports = process.getBuiltinModule('node:timers');
