import { currencyList } from '../lib/iso-currencies.ts';
import type { Executor } from './client.ts';
import { currencies } from './schema.ts';

/** Inserts the ISO 4217 list; idempotent, so every start can run it and pick up new codes. */
export async function seedReferenceData(db: Executor): Promise<void> {
  await db.insert(currencies).values(currencyList()).onConflictDoNothing({ target: currencies.code });
}
