import type { Meal } from '@fittrack/functions/contract/catalog';

/** The nine chains of the Fast Food tab's restaurant filter (all of them appear in the catalogue). */
export const RESTAURANT_CHAINS = ["McDonald's", 'Subway', "Wendy's", 'Chick-fil-A', 'Taco Bell', 'Burger King', 'KFC', 'Starbucks', 'Chipotle'] as const;

export const ALL_RESTAURANTS = 'All Restaurants';

/** SPEC.md section 2: a meal matches a chain when its restaurant name contains the chain name. */
export function matchesRestaurant(meal: Meal, restaurant: string): boolean {
  if (restaurant === ALL_RESTAURANTS) return true;
  return (meal.restaurant ?? '').toLowerCase().includes(restaurant.toLowerCase());
}
