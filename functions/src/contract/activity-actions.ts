/**
 * The actions of the activity log (SPEC.md section 9) with the admin page's labels, shared by the
 * API and the browser (no zod here, so the browser bundle stays small).
 */
export const activityActionLabels = {
  login: 'Login',
  signup: 'Signup',
  logout: 'Logout',
  /** one entry per account and hour, counting its failed and refused sign-ins (decision 0017) */
  login_failed: 'Failed Sign-in',
  /** an account set up two-step sign-in with an authenticator app (decision 0018) */
  mfa_enabled: 'Two-step Sign-in On',
  /** a signed-in account changed its password (every other session ended, decision 0019) */
  password_changed: 'Password Changed',
  /** a password was reset with a mailed code (every session ended, decision 0019) */
  password_reset: 'Password Reset',
  /** an account was deleted by its owner; its log entries and feedback were anonymised (decision 0021) */
  account_deleted: 'Account Deleted',
  /** an account confirmed its email address with the mailed code (decision 0024) */
  email_verified: 'Email Verified',
  /** an account changed its email address (the new one waits for its code, decision 0024) */
  email_changed: 'Email Changed',
  subscription_activated: 'Subscription Activated',
  payment_failed: 'Payment Failed',
  /** money went back on a payment (refund, dispute); a partial refund is logged and changes nothing */
  subscription_refunded: 'Subscription Refunded',
  feedback_submitted: 'Feedback Submitted',
  feedback_status_changed: 'Feedback Status Changed',
} as const;

export type ActivityAction = keyof typeof activityActionLabels;
