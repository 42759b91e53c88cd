import { ulid } from 'ulidx';
import {
  FEEDBACK_PER_HOUR,
  type Feedback,
  type FeedbackListResponse,
  type FeedbackStatus,
  canMoveFeedback,
  type feedbackRequest,
  feedbackTransitions,
} from '../contract/feedback';
import type * as z from 'zod/mini';
import { decodeCursor, encodeCursor, invalidCursor, isKeyOf } from '../lib/cursor';
import { badRequest, conflict, notFound, tooManyRequests } from '../lib/http-error';
import { type Session } from '../lib/request';
import { getFeedback, insertFeedback, listFeedbackPage, moveFeedbackStatus } from './feedback-repository';

const HOUR_MS = 3600 * 1000;

/** The hour window of the rate limit (`2026-11-21T15`) and when it ends. */
export function rateWindow(now: Date): { window: string; endsAt: number } {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return { window: new Date(start).toISOString().slice(0, 13), endsAt: start + HOUR_MS };
}

type ValidFeedback = z.output<typeof feedbackRequest>;

/**
 * Stores feedback from the signed-in user (any `userId` in the body was ignored by the contract),
 * limited to FEEDBACK_PER_HOUR per user and hour window. Answers the new id.
 */
export async function submitFeedback(input: ValidFeedback, session: Session, ip: string, now = new Date(), o: { logNote?: string } = {}): Promise<Feedback> {
  const id = ulid(now.getTime());
  const name = input.name ? input.name : undefined;
  const feedback: Feedback = {
    id,
    userId: session.sub,
    ...(name ? { name } : {}),
    email: input.email,
    message: input.message,
    ...(input.rating !== undefined ? { rating: input.rating } : {}),
    category: input.category,
    status: 'open',
    createdAt: now.toISOString(),
  };
  const { window, endsAt } = rateWindow(now);
  const outcome = await insertFeedback(
    feedback,
    // kept a day past its window so the TTL sweeper never races the window it counts
    { window, limit: FEEDBACK_PER_HOUR, expiresAt: Math.floor(endsAt / 1000) + 86_400 },
    {
      action: 'feedback_submitted',
      userId: session.sub,
      details: `${session.username} sent ${input.category} feedback${input.rating ? ` (${input.rating}/5)` : ''} [${id}]${o.logNote ? ` ${o.logNote}` : ''}`,
      ipAddress: ip,
      now,
    },
  );
  if (outcome === 'rate_limited') {
    const wait = Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
    throw tooManyRequests(`You can send up to ${FEEDBACK_PER_HOUR} feedback messages per hour. Please try again later.`, wait);
  }
  return feedback;
}

const CURSOR_KEYS = ['gsi1pk', 'gsi1sk', 'pk', 'sk'];

/** The feedback list's cursor: the last key of a page (lib/cursor.ts); anything else is refused with 400. */
export function encodeFeedbackCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? encodeCursor(key) : null;
}

export function decodeFeedbackCursor(cursor: string): Record<string, string> {
  const key = decodeCursor(cursor);
  if (!isKeyOf(key, CURSOR_KEYS, 200)) throw invalidCursor();
  if (key.gsi1pk !== 'FEEDBACK' || key.sk !== 'FEEDBACK' || !String(key.pk).startsWith('FEEDBACK#')) throw invalidCursor();
  return key;
}

export async function listFeedback(limit: number, cursor: string | undefined): Promise<FeedbackListResponse> {
  const page = await listFeedbackPage(limit, cursor ? decodeFeedbackCursor(cursor) : undefined);
  return { items: page.items, nextCursor: encodeFeedbackCursor(page.lastKey) };
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The 409 text: where the item is, and where it may go (SPEC.md section 4). */
export function refusedMove(from: FeedbackStatus, to: FeedbackStatus): string {
  const allowed = feedbackTransitions[from];
  if (!allowed.length) return `Feedback is closed: its status can no longer change (asked for ${to}).`;
  return `Feedback is ${from}: it can move to ${allowed.join(' or ')}, not ${to}.`;
}

/** Moves a feedback item along the state machine and logs the change with the admin's id. */
export async function changeFeedbackStatus(id: string, to: FeedbackStatus, admin: Session, ip: string, now = new Date()): Promise<Feedback> {
  if (!ULID.test(id)) throw badRequest('id: not a feedback id');
  const current = await getFeedback(id);
  if (!current) throw notFound('Feedback not found');
  if (!canMoveFeedback(current.status, to)) throw conflict(refusedMove(current.status, to));
  const updatedAt = now.toISOString();
  const result = await moveFeedbackStatus(id, current.status, to, updatedAt, {
    action: 'feedback_status_changed',
    userId: admin.sub,
    details: `${admin.username} moved feedback ${id} from ${current.status} to ${to}`,
    ipAddress: ip,
    now,
  });
  if (!result.moved) {
    // Another admin changed (or removed) it between our read and our write.
    if (!result.currentStatus) throw notFound('Feedback not found');
    throw conflict(refusedMove(result.currentStatus, to));
  }
  return { ...current, status: to, updatedAt };
}
