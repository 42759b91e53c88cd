import * as z from 'zod/mini';
import './zod-locale';
import { jointImpacts, mealCategories, workoutCategories } from './catalog-categories';

/** Defined zod-free in catalog-categories.ts for the browser. */
export { jointImpacts, mealCategories, workoutCategories };

export const mealSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  calories: z.number().check(z.int(), z.nonnegative()),
  cost: z.string(),
  imageUrl: z.string(),
  restaurant: z.optional(z.string()),
  category: z.enum(mealCategories),
});
export type Meal = z.infer<typeof mealSchema>;

export const workoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  duration: z.number().check(z.int(), z.positive()),
  level: z.string(),
  imageUrl: z.string(),
  category: z.optional(z.enum(workoutCategories)),
  jointImpact: z._default(z.enum(jointImpacts), 'medium'),
  effectiveness: z._default(z.number().check(z.gte(0), z.lte(10)), 5),
});
export type Workout = z.infer<typeof workoutSchema>;

export const stretchSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});
export type Stretch = z.infer<typeof stretchSchema>;
