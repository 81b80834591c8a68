// Runs the server against the local emulators of the outside services (rates for now), so the
// app works the same with no network: used by the browser tests and by `npm run demo`.
import { startRatesEmulator } from '@kopiyka/fakes';

const rates = await startRatesEmulator();
process.env.NBU_BASE_URL = rates.url;
process.env.FRANKFURTER_BASE_URL = rates.url;
console.log(`Exchange-rate emulator: ${rates.url}`);
await import('../packages/server/src/main.ts');
