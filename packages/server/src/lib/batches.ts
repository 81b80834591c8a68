/** `items` in slices of at most `size`: one statement each stays under PostgreSQL's 65,535 parameters. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
