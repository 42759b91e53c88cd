/**
 * The size DynamoDB bills for an item, from its DocumentClient (native) form, by the rules of the
 * developer guide's "item sizes and formats": the UTF-8 bytes of every attribute name plus its
 * value; a string its UTF-8 bytes, a number about one byte per two significant digits plus one, a
 * binary its bytes, a boolean or null one byte, a set the sum of its members, a list or map three
 * bytes plus one per element plus the elements (a map's names included).
 */
export function itemSize(item: Record<string, unknown> | undefined): number {
  if (!item) return 0;
  let n = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    n += Buffer.byteLength(name, 'utf8') + valueSize(value);
  }
  return n;
}

function valueSize(v: unknown): number {
  if (v === null || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v, 'utf8');
  if (typeof v === 'number' || typeof v === 'bigint') return numberSize(v);
  if (v instanceof Uint8Array) return v.byteLength;
  if (v instanceof Set) {
    let n = 0;
    for (const m of v as Set<unknown>) n += valueSize(m);
    return n;
  }
  if (Array.isArray(v)) return 3 + v.reduce((n: number, e) => n + 1 + valueSize(e), 0);
  if (typeof v === 'object') {
    // lib-dynamodb's NumberValue keeps a number's text
    if ('value' in v && Object.keys(v).length === 1 && typeof (v as { value: unknown }).value === 'string') return numberSize((v as { value: string }).value);
    return 3 + Object.entries(v as Record<string, unknown>).reduce((n, [k, e]) => n + 1 + Buffer.byteLength(k, 'utf8') + valueSize(e), 0);
  }
  return 0;
}

function numberSize(v: number | bigint | string): number {
  const digits = String(v).replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** Write capacity units of one write of an item of this size (1 KB each); a transactional write costs two. */
export const writeUnits = (bytes: number, transactional: boolean): number => Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

/** Read capacity units of reading this many bytes (4 KB each): half for an eventually consistent read. */
export const readUnits = (bytes: number, consistent: boolean): number => Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
