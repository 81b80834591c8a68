import type { Executor } from '../../db/client.ts';
import { insertDefaultSettings } from './queries.ts';

export function createDefaultSettings(db: Executor, userId: number): Promise<void> {
  return insertDefaultSettings(db, userId);
}
