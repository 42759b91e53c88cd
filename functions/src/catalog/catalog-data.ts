import { type Meal, type Stretch, type Workout } from '../contract/catalog';

/**
 * The catalogue that is seeded into the table (locally on every start; in AWS by the
 * deployment). The catalogue issue grows this to the full data set.
 */
export const meals: Meal[] = [
  { id: 'meal-greek-yogurt-berries', name: 'Greek Yogurt with Berries', description: 'Plain non-fat Greek yogurt topped with fresh blueberries and raspberries.', calories: 150, cost: '$2.50', imageUrl: '/images/meals/greek-yogurt-berries.svg', category: 'Breakfast' },
  { id: 'meal-veggie-omelette', name: 'Egg White Veggie Omelette', description: 'Three egg whites folded with spinach, peppers and mushrooms.', calories: 120, cost: '$2.00', imageUrl: '/images/meals/veggie-omelette.svg', category: 'Protein-Rich' },
  { id: 'meal-lentil-soup', name: 'Homemade Lentil Soup', description: 'Red lentils simmered with carrots, celery, cumin and lemon.', calories: 230, cost: '$1.80', imageUrl: '/images/meals/lentil-soup.svg', category: 'Homemade' },
];

export const workouts: Workout[] = [
  { id: 'workout-brisk-walk', name: 'Brisk Walking', description: 'A steady 30-minute walk at a pace that raises your breathing.', duration: 30, level: 'Beginner', imageUrl: '/images/workouts/brisk-walk.svg', category: 'Cardio', jointImpact: 'low', effectiveness: 7 },
  { id: 'workout-bodyweight-circuit', name: 'Bodyweight Circuit', description: 'Squats, push-ups, lunges and planks, three rounds.', duration: 25, level: 'Intermediate', imageUrl: '/images/workouts/bodyweight-circuit.svg', category: 'Strength', jointImpact: 'medium', effectiveness: 8 },
];

export const stretches: Stretch[] = [
  { id: 'stretch-hamstring', name: 'Standing Hamstring Stretch', description: 'Heel on a low step, hinge at the hips with a straight back until you feel the back of the thigh.', imageUrl: '/images/stretches/hamstring.svg' },
  { id: 'stretch-cat-cow', name: 'Cat-Cow', description: 'On hands and knees, alternate arching and rounding the spine with your breath.', imageUrl: '/images/stretches/cat-cow.svg' },
];
