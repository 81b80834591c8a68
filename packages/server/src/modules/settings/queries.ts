import type { Executor } from '../../db/client.ts';
import { userSettings } from '../../db/schema.ts';

export async function insertDefaultSettings(db: Executor, userId: number) {
  await db.insert(userSettings).values({ userId });
}
