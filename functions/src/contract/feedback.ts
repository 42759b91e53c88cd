import * as z from 'zod';

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
  userId: z.unknown().optional(),
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.')
    .pipe(z.email({ error: 'Email must be a valid email address.' })),
  name: z.string({ error: 'Name must be text.' }).trim().max(NAME_MAX, `Name must be at most ${NAME_MAX} characters.`).optional(),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(1, 'Message is required.')
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters.`),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5.' })
    .int('Rating must be a whole number from 1 to 5.')
    .min(1, 'Rating must be a whole number from 1 to 5.')
    .max(5, 'Rating must be a whole number from 1 to 5.')
    .optional(),
  category: z.enum(feedbackCategories, { error: 'Category must be one of bug, feature, general, complaint.' }),
});
export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const feedbackCreatedResponse = z.object({ ok: z.literal(true), id: z.string() });
export type FeedbackCreatedResponse = z.infer<typeof feedbackCreatedResponse>;

export const feedbackSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().optional(),
  email: z.string(),
  message: z.string(),
  rating: z.number().int().min(1).max(5).optional(),
  category: z.enum(feedbackCategories),
  status: z.enum(feedbackStatuses),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/feedback?limit=&cursor=: newest first; `nextCursor` is null on the last page. */
export const feedbackListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(25),
  cursor: z.string().min(1, 'cursor must not be empty.').max(1000, 'cursor is too long.').optional(),
});

export const feedbackListResponse = z.object({
  items: z.array(feedbackSchema),
  nextCursor: z.string().nullable(),
});
export type FeedbackListResponse = z.infer<typeof feedbackListResponse>;

/** PATCH /api/feedback/{id}/status. */
export const feedbackStatusRequest = z.strictObject({
  status: z.enum(feedbackStatuses, { error: 'Status must be one of open, in_progress, resolved, closed.' }),
});
export type FeedbackStatusRequest = z.infer<typeof feedbackStatusRequest>;
