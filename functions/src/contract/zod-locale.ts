/**
 * The contracts use `zod/mini` (`import * as z from 'zod/mini'`), the tree-shakable flavour of the
 * same zod core: the functions that parse bodies at their cold start (feedback, billing) load a
 * fraction of classic zod's code and build their schemas with less work (DESIGN.md section 10,
 * docs/decisions/0026). Schemas, checks and messages are those classic zod had.
 *
 * zod/mini loads no locale: its default message is a bare "Invalid input". Some answers carry
 * zod's English default (a body field without a message of its own such as `mealId`, an unknown
 * query parameter), so every contract imports this module, which installs the English messages
 * classic zod installs by itself. `en` comes from its own module: `z.locales.en` would bundle
 * every locale, and re-exporting `z` from here would keep all of zod/mini in the bundle.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
