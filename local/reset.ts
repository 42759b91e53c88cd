import { rmSync } from 'node:fs';
import path from 'node:path';

/** `npm run reset`: wipes the local data (users, progress, emulator state, admin credentials). */
const dataDir = path.resolve(process.env.LOCAL_DATA_DIR ?? '.local');
if (dataDir === path.resolve('.') || dataDir === path.parse(dataDir).root) {
  console.error(`Refusing to delete ${dataDir}`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next npm start creates a fresh admin account.`);
