// Runs the server against local emulators of the outside services — the rate providers, Monobank
// with its demo client and Binance with its demo keys — so the app works the same with no network:
// used by the browser tests and by `npm run demo`. Monobank's interval (MONOBANK_REQUEST_INTERVAL_MS, 3 s here unless
// set) is the emulator's and the app's alike; MONOBANK_EMULATOR_PORT fixes the emulator's port,
// whose `/_control/` routes let a browser test make a purchase happen; BINANCE_EMULATOR_PORT likewise
// for Binance (its controls switch outages, clock skew and holdings). With KOPIYKA_DEMO_USER set
// (the demo), a ready-made user with a few months of data is there to sign in as.
import { startBinanceEmulator, startMonobankEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { DEMO_PASSWORD, DEMO_USERNAME, ensureDemoUser } from './demo-user.ts';

const requestIntervalMs = Number(process.env.MONOBANK_REQUEST_INTERVAL_MS || 3000);
const rates = await startRatesEmulator();
const bank = await startMonobankEmulator({
  requestIntervalMs,
  port: Number(process.env.MONOBANK_EMULATOR_PORT || 0),
  controlRoutes: true,
});
const binance = await startBinanceEmulator({
  port: Number(process.env.BINANCE_EMULATOR_PORT || 0),
  controlRoutes: true,
});
process.env.NBU_BASE_URL = rates.url;
process.env.FRANKFURTER_BASE_URL = rates.url;
process.env.MONOBANK_API_URL = bank.url;
process.env.MONOBANK_REQUEST_INTERVAL_MS = String(requestIntervalMs);
process.env.BINANCE_API_URL = binance.url;
const port = process.env.PORT || '3000';
// The emulator delivers webhook events to this process, so the webhook works offline too.
process.env.PUBLIC_URL ||= `http://127.0.0.1:${port}`;
console.log(`Exchange-rate emulator: ${rates.url}`);
console.log(`Monobank emulator:      ${bank.url} (one call per ${requestIntervalMs / 1000} s per token)`);
console.log(`Binance emulator:       ${binance.url}`);
// The built server, as `npm start` runs it (the caller builds it first; named by a variable so that
// type checking does not need a build).
const builtServer = new URL('../packages/server/dist/main.js', import.meta.url).href;
await import(builtServer);

if (process.env.KOPIYKA_DEMO_USER) {
  const api = `http://127.0.0.1:${port}/api/v1`;
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(`${api}/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (up) break;
    if (attempt > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const made = await ensureDemoUser(api);
  console.log(
    `  Demo user:           ${DEMO_USERNAME} / ${DEMO_PASSWORD}${made ? ' (made just now, with four months of data)' : ''}`,
  );
}
console.log(`  Monobank demo token: ${bank.demoToken}  (Accounts → Connect Monobank)`);
console.log(`  Binance demo keys:   API key ${binance.demoKeys.apiKey}`);
console.log(`                       secret  ${binance.demoKeys.secretKey}  (Crypto → Connect Binance; read-only)\n`);
