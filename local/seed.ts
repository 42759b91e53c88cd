import { meals, stretches, workouts } from '../functions/src/catalog/catalog-data';
import { putCatalog } from '../functions/src/catalog/catalog-repository';

/** Seeds the catalogue (meals, workouts, stretches) through the same repository the API reads. */
export async function seedCatalog(): Promise<void> {
  await putCatalog('MEAL', meals);
  await putCatalog('WORKOUT', workouts);
  await putCatalog('STRETCH', stretches);
}
