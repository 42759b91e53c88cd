// `node:stream/web` for the Lambda bundles, loaded on first use (see bundleOptions in
// ../constructs/functions.ts): @middy/core imports it for streamed responses, which no FitTrack
// function sends, and importing it loads the web streams (nine modules). So this is an object with
// one getter per export, each of which loads the module on its first read. The list is Node 24's
// (infra/test/builtins.test.ts fails when the running Node's differs).
const names = [
  'ReadableStream', 'ReadableStreamTee', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest',
  'ReadableByteStreamController', 'ReadableStreamDefaultController', 'TransformStream', 'TransformStreamDefaultController',
  'WritableStream', 'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'ByteLengthQueuingStrategy',
  'CountQueuingStrategy', 'TextEncoderStream', 'TextDecoderStream', 'CompressionStream', 'DecompressionStream',
];
let mod;
for (const name of names) Object.defineProperty(module.exports, name, { enumerable: true, get: () => (mod ??= process.getBuiltinModule('node:stream/web'))[name] });
