/**
 * Account rules shared by the API and the browser (no zod here, so the browser bundle stays small).
 */

/** Cognito password policy, as the server reports a refusal (the user pool and the schema must agree). */
export const PASSWORD_POLICY_TEXT =
  'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit.';

/** The same policy as the signup form's hint under the password field. */
export const PASSWORD_HINT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.';
