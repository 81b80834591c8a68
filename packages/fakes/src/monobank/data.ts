import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from '../rates/data.ts';
import type { ClientSeed } from './client.ts';
import { DEMO_FILE, type DemoData } from './generate.ts';

const WEEK_SECONDS = 7 * 86_400;

let demoCache: DemoData | undefined;

/** The committed demo client (`data/monobank-demo.json`) as generated, read once. Do not change it: copy. */
export function loadDemoData(): DemoData {
  demoCache ??= JSON.parse(readFileSync(join(DATA_DIR, DEMO_FILE), 'utf8')) as DemoData;
  return demoCache;
}

/**
 * How far to move the demo year so that it ends in the week before `now`: whole weeks, so weekdays stay
 * weekdays and salaries keep their days of the week (not of the month).
 */
export function demoShiftSeconds(now: Date, generatedUntil = loadDemoData().generatedUntil): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return Math.floor((nowSeconds - generatedUntil) / WEEK_SECONDS) * WEEK_SECONDS;
}

/** The demo client as a fresh seed, its item times moved by `shiftSeconds` (0: as generated). */
export function demoClientSeed(shiftSeconds: number): ClientSeed {
  const { token, clientInfo, statements } = structuredClone(loadDemoData());
  const { webHookUrl: _none, ...client } = clientInfo;
  for (const items of Object.values(statements)) for (const item of items) item.time += shiftSeconds;
  return { token, ...client, statements };
}
