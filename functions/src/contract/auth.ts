import * as z from 'zod/mini';
import './zod-locale';
import { MFA_CODE_FORMAT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_POLICY_TEXT, PASSWORD_TOO_COMMON_TEXT } from './auth-rules';

/** Defined zod-free in auth-rules.ts for the signup form. */
export { PASSWORD_POLICY_TEXT, PASSWORD_TOO_COMMON_TEXT };

export const usernameSchema = z
  .string({ error: 'Username is required.' })
  .check(
    z.trim(),
    z.minLength(3, 'Username must be 3 to 32 characters.'),
    z.maxLength(32, 'Username must be 3 to 32 characters.'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, digits, dots, dashes and underscores.'),
  );

/** A password being set: the length rule only; the strength check runs in the auth function (auth/password-strength.ts). */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .check(z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_POLICY_TEXT), z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`));

const emailSchema = z.email({ error: 'Email must be a valid email address.' }).check(z.maxLength(254, 'Email is too long.'));

export const signupRequest = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequest>;

/** 6 digits, refused with `message`: a string, without the spaces typed between groups (classic zod's `.transform(…).pipe(…)`). */
const sixDigitCode = (message: string) =>
  z.pipe(
    z.pipe(
      z.string({ error: message }),
      z.transform((v: string) => v.replace(/\s+/g, '')),
    ),
    z.string().check(z.regex(/^\d{6}$/, message)),
  );

/** A 6-digit TOTP code (spaces a person types between the groups are dropped). */
const mfaCode = sixDigitCode(MFA_CODE_FORMAT);

/** A username or password given to be checked like a sign-in (not the rules for setting one). */
const signInUsername = z
  .string({ error: 'Username is required.' })
  .check(z.trim(), z.minLength(1, 'Username is required.'), z.maxLength(128, 'Username is too long.'));
const signInPassword = z.string({ error: 'Password is required.' }).check(z.minLength(1, 'Password is required.'), z.maxLength(256, 'Password is too long.'));

export const loginRequest = z.strictObject({
  username: signInUsername,
  password: signInPassword,
  /** the authenticator app's current code, for an account with two-step sign-in (decision 0018) */
  code: z.optional(mfaCode),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const subscriptionStatusSchema = z.enum(['none', 'active', 'canceled', 'expired', 'past_due']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionExpiresAt: z.nullable(z.string()),
  hasActiveSubscription: z.boolean(),
  /** the account's email address is confirmed by a mailed code (issue 15 point 6, decision 0024) */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponse>;

export const configResponse = z.object({
  productName: z.string(),
  paymentMode: z.enum(['sandbox', 'live']),
  stripePublishableKey: z.nullable(z.string()),
  paypalClientId: z.nullable(z.string()),
});
export type ConfigResponse = z.infer<typeof configResponse>;

export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** POST /api/auth/mfa/setup: the new authenticator secret (base32), shown once, and its otpauth:// URL for the QR code. */
export const mfaSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetupResponse = z.infer<typeof mfaSetupResponse>;

/** POST /api/auth/mfa/verify: the code the app shows for that secret; two-step sign-in is on from then. */
export const mfaVerifyRequest = z.strictObject({ code: mfaCode });
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;

/** POST /api/auth/forgot-password: the answer is the same whether or not the account exists. */
export const forgotPasswordRequest = z.strictObject({ username: signInUsername });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** The code a reset or verification mail carries: 6 digits (spaces typed between them are dropped). */
const mailedCode = sixDigitCode('Enter the 6-digit code from the email.');

/** POST /api/auth/reset-password: the mailed code and the new password; every session of the account ends. */
export const resetPasswordRequest = z.strictObject({
  username: forgotPasswordRequest.shape.username,
  code: mailedCode,
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** POST /api/auth/change-password: the current password is checked like a sign-in (same limits). */
export const changePasswordRequest = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required.' })
    .check(z.minLength(1, 'Current password is required.'), z.maxLength(256, 'Password is too long.')),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The answer to forgot-password, whatever the username. */
export const FORGOT_PASSWORD_SENT = 'If that account exists and has an email address, a reset code is on its way. It is valid for one hour.';
export const messageResponse = z.object({ message: z.string() });

/** POST /api/auth/verify-email: the code mailed to the account's (new) address. */
export const verifyEmailRequest = z.strictObject({ code: mailedCode });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/** POST /api/auth/change-email: the new address (verified by a mailed code afterwards) and the password, checked like a sign-in. */
export const changeEmailRequest = z.strictObject({
  email: emailSchema,
  password: signInPassword,
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>;
