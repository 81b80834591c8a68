import type { DailyRates } from './data.ts';

/** A small rate table from a plain object, for exact figures in tests. */
export function table(rows: Record<string, Record<string, number>>): DailyRates {
  return new Map(Object.entries(rows));
}

export async function getJson(url: string): Promise<{ status: number; body: unknown; contentType: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    body: await response.json(),
    contentType: response.headers.get('content-type') ?? '',
  };
}

export async function getText(url: string): Promise<{ status: number; text: string; contentType: string }> {
  const response = await fetch(url);
  return {
    status: response.status,
    text: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
  };
}
