import { badRequest } from './http-error';

/**
 * Opaque list cursors: base64url JSON of where the next page starts. Each list checks that a
 * decoded cursor is one of its own; anything else is a 400.
 */
export const invalidCursor = () => badRequest('cursor: not a cursor from this list');

export const encodeCursor = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The decoded value, not yet checked by the list; a 400 when it is not base64url JSON. */
export function decodeCursor(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
}

/** A key of exactly these attributes, each a string of at most `max` characters. */
export const isKeyOf = (v: unknown, names: readonly string[], max = 300): v is Record<string, string> =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).sort().join() === [...names].sort().join() &&
  Object.values(v).every((x) => typeof x === 'string' && x.length <= max);
