import { currencyList } from '../lib/iso-currencies.ts';
import type { Executor } from './client.ts';
import { currencies } from './schema.ts';

/**
 * Adds the ISO 4217 codes the table lacks, so every start picks up new ones. Reading the codes
 * first makes a start with nothing new a single small read instead of an insert of the whole list.
 */
export async function seedReferenceData(db: Executor): Promise<void> {
  const present = new Set((await db.select({ code: currencies.code }).from(currencies)).map((row) => row.code));
  const missing = currencyList().filter((currency) => !present.has(currency.code));
  if (missing.length === 0) return;
  await db.insert(currencies).values(missing).onConflictDoNothing({ target: currencies.code });
}
