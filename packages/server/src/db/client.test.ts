import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('the embedded database', () => {
  it('starts with a quarter of PostgreSQL’s default shared buffers, which it would hold resident for good', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      const result = (await handle.db.execute(sql`select current_setting('shared_buffers') as size`)) as unknown as {
        rows: Array<{ size: string }>;
      };
      expect(result.rows).toEqual([{ size: '32MB' }]);
    } finally {
      await handle.close();
    }
  });
});
