// `node:process` for the Lambda bundles, as the CommonJS module object (see bundleOptions in
// ../constructs/functions.ts): an ESM import of node:process reads every export, getters
// included, about 3 ms on Node 24.
module.exports = process.getBuiltinModule('node:process');
