/** What other features use of the diet: today's meals with their Remove buttons (the dashboard shows it behind the Calories card). */
export { TodaysMeals } from './components/todays-meals';
