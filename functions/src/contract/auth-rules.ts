/**
 * Account rules shared by the API and the browser (no zod here, so the browser bundle stays small).
 */

/**
 * Passwords (DESIGN.md section 6, note 0015): at least 12 characters, no composition rules; common
 * and easily guessed ones are refused by the server's strength check (auth/password-strength.ts).
 * The user pool's policy is the same minimum and nothing else (infra/lib/constructs/auth.ts).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/** A password shorter than the minimum, as the server reports it (the user pool and the schema agree). */
export const PASSWORD_POLICY_TEXT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;

/** A long enough password that is common, breached or easy to guess. */
export const PASSWORD_TOO_COMMON_TEXT = 'This password is too common or too easy to guess. Try a longer phrase of unrelated words.';

/** The signup form's hint under the password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. A phrase of a few unrelated words works well; common passwords are refused.`;

/**
 * Two-step sign-in with an authenticator app (TOTP, issue 15 point 5, decision 0018). An account
 * with it answers a sign-in without `code` with 401 `{ message: MFA_CODE_REQUIRED, mfa: "totp" }`.
 */
export const MFA_CODE_LENGTH = 6;
export const MFA_CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const MFA_CODE_WRONG = 'That code did not match. Check the time on your phone and enter the newest code.';
/** Admin routes before the administrator has set up an authenticator app: 403 with `mfa: "setup-required"`. */
export const MFA_SETUP_REQUIRED = 'Set up two-step sign-in with an authenticator app to open the admin page.';
export const MFA_CODE_FORMAT = 'Enter the 6 digits your authenticator app shows.';
