import * as z from 'zod/mini';
import './zod-locale';

import {
  FEEDBACK_PER_HOUR,
  MESSAGE_MAX,
  NAME_MAX,
  canMoveFeedback,
  feedbackCategories,
  feedbackCategoryLabels,
  feedbackStatuses,
  feedbackTransitions,
  type FeedbackCategory,
  type FeedbackStatus,
} from './feedback-rules';

export { FEEDBACK_PER_HOUR, MESSAGE_MAX, NAME_MAX, canMoveFeedback, feedbackCategories, feedbackCategoryLabels, feedbackStatuses, feedbackTransitions };
export type { FeedbackCategory, FeedbackStatus };

/**
 * POST /api/feedback. `userId` (SPEC.md section 7 sends it) is accepted and ignored: the session
 * decides who wrote the feedback. Any other unknown field is refused.
 */
export const feedbackRequest = z.strictObject({
  userId: z.optional(z.unknown()),
  email: z.pipe(
    z.string({ error: 'Email is required.' }).check(z.trim(), z.minLength(1, 'Email is required.'), z.maxLength(254, 'Email is too long.')),
    z.email({ error: 'Email must be a valid email address.' }),
  ),
  name: z.optional(z.string({ error: 'Name must be text.' }).check(z.trim(), z.maxLength(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`))),
  message: z
    .string({ error: 'Message is required.' })
    .check(z.trim(), z.minLength(1, 'Message is required.'), z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters.`)),
  rating: z.optional(
    z
      .number({ error: 'Rating must be a whole number from 1 to 5.' })
      .check(
        z.int('Rating must be a whole number from 1 to 5.'),
        z.gte(1, 'Rating must be a whole number from 1 to 5.'),
        z.lte(5, 'Rating must be a whole number from 1 to 5.'),
      ),
  ),
  category: z.enum(feedbackCategories, { error: 'Category must be one of bug, feature, general, complaint.' }),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const feedbackCreatedResponse = z.object({ ok: z.literal(true), id: z.string() });
export type FeedbackCreatedResponse = z.infer<typeof feedbackCreatedResponse>;

export const feedbackSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.optional(z.string()),
  email: z.string(),
  message: z.string(),
  rating: z.optional(z.number().check(z.int(), z.gte(1), z.lte(5))),
  category: z.enum(feedbackCategories),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  updatedAt: z.optional(z.string()),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/feedback?limit=&cursor=: newest first; `nextCursor` is null on the last page. */
export const feedbackListQuery = z.strictObject({
  limit: z._default(
    z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100.' })
      .check(
        z.int('limit must be a whole number from 1 to 100.'),
        z.gte(1, 'limit must be a whole number from 1 to 100.'),
        z.lte(100, 'limit must be a whole number from 1 to 100.'),
      ),
    25,
  ),
  cursor: z.optional(z.string().check(z.minLength(1, 'cursor must not be empty.'), z.maxLength(1000, 'cursor is too long.'))),
});

export const feedbackListResponse = z.object({
  items: z.array(feedbackSchema),
  nextCursor: z.nullable(z.string()),
});
export type FeedbackListResponse = z.infer<typeof feedbackListResponse>;

/** PATCH /api/feedback/{id}/status. */
export const feedbackStatusRequest = z.strictObject({
  status: z.enum(feedbackStatuses, { error: 'Status must be one of open, in_progress, resolved, closed.' }),
});
export type FeedbackStatusRequest = z.infer<typeof feedbackStatusRequest>;
