import * as z from 'zod/mini';
import './zod-locale';

/** POST /api/account/delete: the account's password, checked like a sign-in (decision 0021). */
export const deleteAccountRequest = z.strictObject({
  password: z.string({ error: 'Password is required.' }).check(z.minLength(1, 'Password is required.'), z.maxLength(256, 'Password is too long.')),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

export const ACCOUNT_DELETED = 'Your account and its data have been deleted.';
export const DELETE_PASSWORD_WRONG = 'That password is not correct. Nothing has been deleted.';

/** GET /api/account/export: everything the app keeps about the caller (decision 0021). */
export interface AccountExport {
  format: 'fittrack-export-1';
  exportedAt: string;
  profile: Record<string, unknown>;
  /** totals kept across days (push-ups, meals) */
  totals: Record<string, unknown> | null;
  days: Record<string, unknown>[];
  pushupSets: Record<string, unknown>[];
  meals: Record<string, unknown>[];
  feedback: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  /** any other kind of item kept under the account, by its kind */
  other: { kind: string; item: Record<string, unknown> }[];
}
