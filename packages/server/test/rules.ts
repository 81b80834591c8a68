import type { Import, Rule } from '@kopiyka/shared';
import { expect, vi } from 'vitest';
import { type TestApp, uploadCsv } from './app.ts';

/** Uploads a file into the account, commits it as detected, and waits for the import to end. */
export async function importCsv(t: TestApp, token: string, accountId: number, file: string): Promise<Import> {
  const { importId, asDetected } = await uploadCsv(t, token, accountId, file);
  const commit = await t.call('POST', `/api/v1/imports/${importId}/commit`, { token, body: asDetected });
  if (commit.status !== 202) throw new Error(`commit failed: ${JSON.stringify(commit.body)}`);
  return vi.waitFor(
    async () => {
      const res = await t.call('GET', `/api/v1/imports/${importId}`, { token });
      if (res.body.response.state === 'running') throw new Error('still running');
      return res.body.response as Import;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** Creates a rule (enabled, `all`, unless the body says), failing unless it is created. */
export async function createRule(t: TestApp, token: string, body: Record<string, unknown>): Promise<Rule> {
  const res = await t.call('POST', '/api/v1/rules', { token, body: { name: 'Rule', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response;
}

export async function listRules(t: TestApp, token: string): Promise<Rule[]> {
  const res = await t.call('GET', '/api/v1/rules', { token });
  expect(res.status).toBe(200);
  return res.body.response;
}

/** The issues of a refusal, as path → code. */
export function issuesOf(body: { response: { details?: Array<{ path: string; code: string }> } }) {
  return Object.fromEntries((body.response.details ?? []).map((issue) => [issue.path, issue.code]));
}
