import { meals, stretches, workouts } from '../functions/src/catalog/catalog-data';
import { syncCatalog } from '../functions/src/catalog/catalog-repository';

/**
 * Seeds the catalogue (meals, workouts, stretches) through the same repository the API reads:
 * upserts every item and removes items whose id is no longer in the data (idempotent).
 */
export async function seedCatalog(): Promise<void> {
  await syncCatalog('MEAL', meals);
  await syncCatalog('WORKOUT', workouts);
  await syncCatalog('STRETCH', stretches);
}
