import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatementsOn } from './pg-statements.ts';

/** One connection, so every statement lands where pg_prepared_statements can see it. */
let pool: pg.Pool;
const table = `prepared_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
  prepareStatementsOn(pool, 3);
  await pool.query(`create table ${table} (id integer primary key, name text)`);
  await pool.query(`insert into ${table} values (1, 'one'), (2, 'two')`);
});
afterAll(async () => {
  await pool.query(`drop table if exists ${table}`);
  await pool.end();
});

const preparedNames = async () =>
  (await pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

describe('prepared statements on PostgreSQL', () => {
  it('names a text the second time it runs, and answers as an unnamed statement does', async () => {
    const text = `select name from ${table} where id = $1`;
    const runs = [];
    for (const id of [1, 2, 1]) runs.push((await pool.query({ text, values: [id] })).rows);
    expect(runs).toEqual([[{ name: 'one' }], [{ name: 'two' }], [{ name: 'one' }]]);
    expect(await preparedNames()).toEqual(['k1']);
  });

  it('names the statements of a transaction’s client too, by promise as drizzle runs them there', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const text = `select count(*)::int as n from ${table} where id >= $1`;
      for (let i = 0; i < 2; i++) expect((await client.query({ text, values: [1] })).rows).toEqual([{ n: 2 }]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await preparedNames()).toEqual(['k1', 'k2']);
  });

  it('names no more texts than it may keep; the rest run unnamed', async () => {
    for (const limit of [1, 2]) {
      const text = `select id from ${table} order by id limit ${limit}`;
      for (let i = 0; i < 2; i++) expect((await pool.query({ text })).rows).toHaveLength(limit);
    }
    expect(await preparedNames()).toEqual(['k1', 'k2', 'k3']);
  });

  it('runs a text unnamed once its table changed under its kept plan', async () => {
    // A fresh pool: the first one's names are all taken.
    const fresh = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    prepareStatementsOn(fresh);
    try {
      const text = `select * from ${table} where id = $1`;
      for (let i = 0; i < 2; i++) await fresh.query({ text, values: [1] });
      await fresh.query(`alter table ${table} add column extra integer`);
      await expect(fresh.query({ text, values: [1] })).rejects.toMatchObject({ code: '0A000' });
      expect((await fresh.query({ text, values: [1] })).rows).toEqual([{ id: 1, name: 'one', extra: null }]);
    } finally {
      await fresh.end();
    }
  });

  it('names a text it is given with a name of its own by the text, so a broken plan is forgotten by it too', async () => {
    const fresh = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    prepareStatementsOn(fresh);
    try {
      const text = `select * from ${table} where id = $1 and $2::int = 1`;
      const run = () => fresh.query({ name: 'given_by_drizzle', text, values: [2, 1] });
      expect((await run()).rows).toMatchObject([{ name: 'two' }]);
      expect((await run()).rows).toMatchObject([{ name: 'two' }]);
      const names = (await fresh.query<{ name: string }>('select name from pg_prepared_statements')).rows;
      expect(names.map((row) => row.name)).toEqual(['k1']);
      await fresh.query(`alter table ${table} add column another integer`);
      await expect(run()).rejects.toMatchObject({ code: '0A000' });
      expect((await run()).rows).toMatchObject([{ name: 'two', another: null }]);
    } finally {
      await fresh.end();
    }
  });
});
