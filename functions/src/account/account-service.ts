import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { type AccountExport, DELETE_PASSWORD_WRONG, type DeleteAccountRequest } from '../contract/account';
import { verifyCurrentPassword } from '../auth/password-service';
import { providerFailure } from '../billing/provider-errors';
import { cardProvider } from '../billing/providers/provider-registry';
import { appClient, cognito } from '../lib/cognito';
import { type Item, type Key, fromItem } from '../lib/db/toolkit';
import { unauthorized } from '../lib/http-error';
import { log } from '../lib/log';
import { getProfile } from '../lib/profile-repository';
import { type Session } from '../lib/request';
import { type Profile } from '../lib/users';
import { accountItems, anonymiseFeedback, anonymiseLogs, deleteItems, deleteProfileAndLog, feedbackItems, markDeleting } from './account-repository';

/**
 * Export my data and delete my account (issue 15 point 6, decision 0021). Both start from the
 * account's whole item collection `USER#<sub>`, so a kind of per-user item added later is exported
 * and deleted without a change here.
 */

const errName = (err: unknown) => (err as { name?: string })?.name ?? '';

/** Items kept only for the app's own bookkeeping (retries, rate limits): not the person's data. */
const TECHNICAL = ['IDEMPOTENCY#', 'RATE#'];

const record = (it: Item): Record<string, unknown> => fromItem<Record<string, unknown>>(it);

/** GET /api/account/export: the profile, days, push-up sets, meals, feedback and payments of the caller. */
export async function exportAccount(session: Session, now = new Date()): Promise<AccountExport> {
  const items = await accountItems(session.sub);
  const out: AccountExport = {
    format: 'fittrack-export-1',
    exportedAt: now.toISOString(),
    profile: {},
    totals: null,
    days: [],
    pushupSets: [],
    meals: [],
    feedback: [],
    payments: [],
    other: [],
  };
  const feedbackIds: string[] = [];
  for (const it of items) {
    const sk = String(it.sk);
    if (sk === 'PROFILE') {
      // session keys and the deletion mark are the app's bookkeeping, not the person's data
      const { sessions: _s, deletingSince: _d, ...profile } = record(it);
      out.profile = profile;
    } else if (sk === 'TOTALS') out.totals = record(it);
    else if (/^DAY#[^#]+#SET#/.test(sk)) out.pushupSets.push(record(it));
    else if (/^DAY#[^#]+#MEAL#/.test(sk)) out.meals.push(record(it));
    else if (/^DAY#[^#]+$/.test(sk)) out.days.push({ date: sk.slice(4), ...record(it) });
    else if (sk.startsWith('FEEDBACK#')) feedbackIds.push(sk.slice('FEEDBACK#'.length));
    else if (sk.startsWith('PAYMENT#') || sk.startsWith('SANDBOX#')) out.payments.push(record(it));
    else if (!TECHNICAL.some((p) => sk.startsWith(p))) out.other.push({ kind: String(it.entity ?? sk.split('#')[0]), item: record(it) });
  }
  if (feedbackIds.length) out.feedback = (await feedbackItems(feedbackIds)).map(record);
  return out;
}

async function cognitoUserExists(username: string): Promise<boolean> {
  try {
    await cognito().send(new AdminGetUserCommand({ UserPoolId: appClient().UserPoolId, Username: username }));
    return true;
  } catch (err) {
    if (errName(err) === 'UserNotFoundException') return false;
    throw err;
  }
}

/**
 * POST /api/account/delete {password}. The steps are ordered so that a failure anywhere leaves
 * either a whole account (before the Cognito user goes) or one nobody can sign in to that the same
 * session completes on a retry:
 * 1. the profile (the session check) and the password, checked like a sign-in (decision 0017 limits);
 *    a retry after step 4 finds the profile marked and no Cognito user, and goes on without it;
 * 2. every subscription at Stripe that is not cancelled yet is cancelled at once;
 * 3. the profile is marked `deletingSince`;
 * 4. the Cognito user is deleted (AdminDeleteUser; already gone is fine): nobody signs in from here;
 * 5. feedback and activity-log entries lose the personal data;
 * 6. every `USER#` item but the profile is deleted, then the profile with the `account_deleted`
 *    entry (the session ends with it: the cookie is refused from then on), then a last look deletes
 *    anything a request in flight wrote meanwhile.
 */
export async function deleteAccount(session: Session, input: DeleteAccountRequest, ip: string, now = new Date()): Promise<void> {
  const profile = await getProfile(session.sub);
  if (!profile) throw unauthorized();
  const resuming = !!(profile as Profile & { deletingSince?: string }).deletingSince && !(await cognitoUserExists(session.username));
  if (!resuming) await verifyCurrentPassword(session, input.password, ip, DELETE_PASSWORD_WRONG);

  const provider = await cardProvider().catch((err: unknown) => providerFailure(err));
  const cancelled = await provider.cancelAllNow(profile).catch((err: unknown) => providerFailure(err));
  if (cancelled.length) log.info('account deletion: subscriptions cancelled', { count: cancelled.length });

  await markDeleting(session.sub, now.toISOString());
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: appClient().UserPoolId, Username: session.username }));
  } catch (err) {
    if (errName(err) !== 'UserNotFoundException') throw err;
  }

  const items = await accountItems(session.sub);
  const feedbackIds = items.filter((it) => String(it.sk).startsWith('FEEDBACK#')).map((it) => String(it.sk).slice('FEEDBACK#'.length));
  await anonymiseFeedback(feedbackIds);
  const entries = await anonymiseLogs(session.sub, [profile.username, profile.email, session.username]);

  const keyOf = (it: Item): Key => ({ pk: String(it.pk), sk: String(it.sk) });
  await deleteItems(items.filter((it) => it.sk !== 'PROFILE').map(keyOf));
  await deleteProfileAndLog(session.sub, profile.email, now);
  const left = await accountItems(session.sub);
  if (left.length) await deleteItems(left.map(keyOf));
  log.info('account deleted', { items: items.length + left.length, feedback: feedbackIds.length, logEntries: entries });
}
