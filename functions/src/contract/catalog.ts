import * as z from 'zod';

export const mealCategories = ['Breakfast', 'Homemade', 'Fast Food', 'Protein-Rich', 'Vegetarian', 'Snacks', 'International'] as const;
export const workoutCategories = ['Cardio', 'Strength', 'Flexibility', 'Functional'] as const;
export const jointImpacts = ['very low', 'low', 'medium', 'high'] as const;

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
