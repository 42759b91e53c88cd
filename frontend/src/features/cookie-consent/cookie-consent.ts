import { readStorage, writeStorage } from '@/lib/storage';

/** SPEC.md section 3: the choice is kept in browser storage under `cookieConsent`. */
const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'accepted' | 'declined';

export function readCookieConsent(): CookieConsent | null {
  const value = readStorage(COOKIE_CONSENT_KEY);
  return value === 'accepted' || value === 'declined' ? value : null;
}

export function saveCookieConsent(value: CookieConsent): void {
  writeStorage(COOKIE_CONSENT_KEY, value);
}
