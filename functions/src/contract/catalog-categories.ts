/**
 * The catalogue's categories (SPEC.md section 2), shared by the API and the browser (no zod here,
 * so the browser bundle stays small): the Diet Plan's tabs and the Workout page's groups follow them.
 */
export const mealCategories = ['Breakfast', 'Homemade', 'Fast Food', 'Protein-Rich', 'Vegetarian', 'Snacks', 'International'] as const;
export const workoutCategories = ['Cardio', 'Strength', 'Flexibility', 'Functional'] as const;
export const jointImpacts = ['very low', 'low', 'medium', 'high'] as const;
