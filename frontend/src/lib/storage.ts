/**
 * Browser storage helpers. Storage can be unavailable (private mode, blocked cookies) and
 * its content can be anything: every read is defensive and every write may silently fail.
 */

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage full or unavailable: the value just is not persisted
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/**
 * Reads a JSON value and checks it with `isValid`; invalid JSON or an invalid shape is removed
 * from storage and `null` is returned.
 */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readStorage(key);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isValid(parsed)) return parsed;
  } catch {
    // fall through: invalid JSON
  }
  removeStorage(key);
  return null;
}

export function writeJson(key: string, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}
