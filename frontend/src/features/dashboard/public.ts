/** What other features use of the dashboard: today's progress (diet shows and changes it, stretching reloads it). */
export { useProgressToday, useReloadProgressToday, useShowChangedProgress } from './api/get-progress-today';
