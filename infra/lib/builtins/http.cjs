// `node:http` for the Lambda bundles, as the CommonJS module object (see bundleOptions in
// ../constructs/functions.ts): an ESM import of node:http reads every export, and three of them
// (WebSocket, CloseEvent, MessageEvent) load undici, about 25 ms on Node 24.
module.exports = process.getBuiltinModule('node:http');
