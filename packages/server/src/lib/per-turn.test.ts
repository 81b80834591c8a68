import { describe, expect, it } from 'vitest';
import { type Pending, perTurn } from './per-turn.ts';

describe('perTurn', () => {
  it('hands the calls gathered together to one batch, at most `most` at a time, each answered for itself', async () => {
    const batches: number[][] = [];
    const double = perTurn(3, async (batch: Array<Pending<number, number>>) => {
      batches.push(batch.map((call) => call.input));
      for (const call of batch) call.resolve(call.input * 2);
    });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(double));
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await double(6)).toBe(12);
    expect(batches.at(-1)).toEqual([6]);
  });

  it('refuses the calls a failing batch left open with its error, and goes on with the next batch', async () => {
    const handle = perTurn(10, async (batch: Array<Pending<string, string>>) => {
      batch[0]!.resolve('first');
      if (batch.some((call) => call.input === 'bad')) throw new Error('batch failed');
      for (const call of batch) call.resolve(call.input);
    });
    const settled = await Promise.allSettled(['a', 'bad', 'c'].map(handle));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'first' },
      { status: 'rejected', reason: new Error('batch failed') },
      { status: 'rejected', reason: new Error('batch failed') },
    ]);
    expect(await handle('later')).toBe('first');
  });
});
