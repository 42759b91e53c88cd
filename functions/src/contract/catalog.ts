import * as z from 'zod';
import { jointImpacts, mealCategories, workoutCategories } from './catalog-categories';

/** Defined zod-free in catalog-categories.ts for the browser. */
export { jointImpacts, mealCategories, workoutCategories };

export const mealSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  calories: z.number().int().nonnegative(),
  cost: z.string(),
  imageUrl: z.string(),
  restaurant: z.string().optional(),
  category: z.enum(mealCategories),
});
export type Meal = z.infer<typeof mealSchema>;

export const workoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  duration: z.number().int().positive(),
  level: z.string(),
  imageUrl: z.string(),
  category: z.enum(workoutCategories).optional(),
  jointImpact: z.enum(jointImpacts).default('medium'),
  effectiveness: z.number().min(0).max(10).default(5),
});
export type Workout = z.infer<typeof workoutSchema>;

export const stretchSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});
export type Stretch = z.infer<typeof stretchSchema>;
