import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DrizzlePgliteClient, preparingClient } from './pglite-statements.ts';

/** The parsers drizzle's PGlite session names with its queries: times as text. */
const DRIZZLE_OPTIONS = {
  rowMode: 'array' as const,
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

let pglite: PGlite;
let client: DrizzlePgliteClient;
beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`create table things (id serial primary key, name text unique, at timestamptz, day date,
    amount bigint, ok boolean, data jsonb)`);
  client = preparingClient(pglite, 5);
});
afterAll(() => pglite.close());

const preparedNames = async () =>
  (await pglite.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);

describe('prepared statements on the embedded database', () => {
  it('answers as PGlite answers, the first time and once prepared, with parameters of every kind', async () => {
    const insert = `insert into things (name, at, day, amount, ok, data) values ($1, $2, $3, $4, $5, $6)
      returning name, at, day, amount, ok, data`;
    const runs = [];
    for (const [i, at] of [new Date('2026-03-29T00:30:00Z'), '2026-03-29T03:30:00+03:00', null].entries()) {
      runs.push(
        await client.query(
          insert,
          [`thing ${i}`, at, '2026-03-29', 9_007_199_254_740_993n, i === 0, '{"a":[1,2]}'],
          DRIZZLE_OPTIONS,
        ),
      );
    }
    expect(runs.map((run) => run.rows)).toEqual([
      [['thing 0', '2026-03-29 00:30:00+00', '2026-03-29', 9_007_199_254_740_993n, true, { a: [1, 2] }]],
      [['thing 1', '2026-03-29 00:30:00+00', '2026-03-29', 9_007_199_254_740_993n, false, { a: [1, 2] }]],
      [['thing 2', null, '2026-03-29', 9_007_199_254_740_993n, false, { a: [1, 2] }]],
    ]);
    // The second and third runs used one prepared statement.
    expect(await preparedNames()).toHaveLength(1);

    const select = 'select name, amount from things where name = any($1) order by id';
    const own = await pglite.query(select, [['thing 0', 'thing 2']], { rowMode: 'object' });
    for (let i = 0; i < 3; i++) {
      const answer = await client.query(select, [['thing 0', 'thing 2']], { rowMode: 'object' });
      expect(answer.rows).toEqual(own.rows);
      expect(answer.fields).toEqual(own.fields);
    }
  });

  it('reports a statement’s error with its SQLSTATE and goes on working, in and out of transactions', async () => {
    const insert = 'insert into things (name) values ($1)';
    await client.query(insert, ['unique one']);
    await client.query(insert, ['unique two']);
    await expect(client.query(insert, ['unique one'])).rejects.toMatchObject({ code: '23505', query: insert });

    // A failed statement rolls its transaction back, the rows written before it too.
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, ['written then undone']);
        await tx.query(insert, ['unique two']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const count = 'select count(*)::int as n from things where name = $1';
    expect((await client.query(count, ['written then undone'])).rows).toEqual([{ n: 0 }]);

    // A statement that does not parse is not kept, and the next one runs.
    const broken = 'selec name from things where id = $1';
    for (let i = 0; i < 2; i++) await expect(client.query(broken, [1])).rejects.toMatchObject({ code: '42601' });
    expect((await client.query(count, ['unique one'])).rows).toEqual([{ n: 1 }]);
  });

  it('waits for a transaction in progress before running a statement outside it', async () => {
    const count = 'select count(*)::int as n from things where name = $1';
    await client.query(count, ['inside']);
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['inside']);
      inserted();
      await held;
    });
    await insertedInside;
    // Sent while the transaction is open: it must not run inside it, nor before its end.
    let answered = false;
    const outside = client.query(count, ['inside']).finally(() => {
      answered = true;
    });
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('keeps only the statements used last, closing the others, and prepares them again when needed', async () => {
    const texts = Array.from({ length: 8 }, (_, i) => `select ${i} + $1::int as n`);
    for (let round = 0; round < 2; round++) {
      for (const [i, text] of texts.entries()) expect((await client.query(text, [1])).rows).toEqual([{ n: i + 1 }]);
    }
    // Closes go out with the next call.
    await client.query('select 1');
    expect((await preparedNames()).length).toBeLessThanOrEqual(5);
    expect((await client.query(texts[0]!, [41])).rows).toEqual([{ n: 41 }]);
  });

  it('prepares again a statement whose table changed under it', async () => {
    const select = 'select * from things where id = $1';
    for (let i = 0; i < 2; i++) await client.query(select, [1]);
    await pglite.exec('alter table things add column extra text');
    let answer = await client.query(select, [1]).catch(() => undefined);
    // PostgreSQL may refuse the kept plan once; the statement is prepared anew after that.
    answer ??= await client.query(select, [1]);
    expect(answer.fields.map((field) => field.name)).toContain('extra');
  });
});
