import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const categoryId = async (token: string, name: string) =>
  (await t.call('GET', '/api/v1/categories', { token })).body.response.find((c: { name: string }) => c.name === name)
    .id as number;

describe('user settings', () => {
  it('start with the defaults and change in part', async () => {
    const { token } = await signUp(t);
    expect((await t.call('GET', '/api/v1/user/settings', { token })).body.response).toEqual({
      locale: 'en',
      timeZone: 'UTC',
      stats: { excludedCategoryIds: [] },
      includeCryptoInTotal: true,
    });
    const taxes = await categoryId(token, 'Taxes');
    const res = await t.call('PUT', '/api/v1/user/settings', {
      token,
      body: { stats: { excludedCategoryIds: [taxes, taxes] } },
    });
    const settings = { timeZone: 'UTC', stats: { excludedCategoryIds: [taxes] }, includeCryptoInTotal: true };
    expect(res.body.response).toEqual({ locale: 'en', ...settings });
    const locale = await t.call('PUT', '/api/v1/user/settings', { token, body: { locale: 'uk-UA' } });
    expect(locale.body.response).toEqual({ locale: 'uk-UA', ...settings });
    const crypto = await t.call('PUT', '/api/v1/user/settings', { token, body: { includeCryptoInTotal: false } });
    expect(crypto.body.response).toEqual({ locale: 'uk-UA', ...settings, includeCryptoInTotal: false });
  });

  it.each([
    [{ locale: 'not a locale' }, 'locale'],
    [{ locale: 5 }, 'locale'],
    [{ locale: `en-${'abcdefgh-'.repeat(4)}x` }, 'locale'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    [{ timeZone: '+02:00' }, 'timeZone'],
    [{ timeZone: 'Europe/Kyiv; drop table users' }, 'timeZone'],
    [{ timeZone: 5 }, 'timeZone'],
    [{ stats: { excludedCategoryIds: ['x'] } }, 'stats.excludedCategoryIds.0'],
    [{ stats: { excludedCategoryIds: [0] } }, 'stats.excludedCategoryIds.0'],
    [{ stats: {} }, 'stats.excludedCategoryIds'],
    [{ stats: { excludedCategoryIds: 5 } }, 'stats.excludedCategoryIds'],
    [{ includeCryptoInTotal: 'no' }, 'includeCryptoInTotal'],
    [{ includeCryptoInTotal: null }, 'includeCryptoInTotal'],
    [{ stats: { excludedCategoryIds: Array.from({ length: 501 }, (_, i) => i + 1) } }, 'stats.excludedCategoryIds'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const { token } = await signUp(t);
    const res = await t.call('PUT', '/api/v1/user/settings', { token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await t.call('GET', '/api/v1/user/settings', { token })).body.response).toEqual({
      locale: 'en',
      timeZone: 'UTC',
      stats: { excludedCategoryIds: [] },
      includeCryptoInTotal: true,
    });
  });

  it("answers NOT_FOUND naming the place of another user's category id, or a missing one, and changes nothing", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const taxes = await categoryId(owner.token, 'Taxes');
    const fines = await categoryId(stranger.token, 'Fines');
    const settings = () => t.call('GET', '/api/v1/user/settings', { token: stranger.token });
    await t.call('PUT', '/api/v1/user/settings', {
      token: stranger.token,
      body: { locale: 'uk', timeZone: 'UTC', stats: { excludedCategoryIds: [fines] } },
    });
    const before = (await settings()).body.response;
    for (const foreign of [taxes, 999_999]) {
      const res = await t.call('PUT', '/api/v1/user/settings', {
        token: stranger.token,
        // The duplicate counts: the path is the place in the list as sent.
        body: { locale: 'en', timeZone: 'UTC', stats: { excludedCategoryIds: [fines, fines, foreign] } },
      });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({
        code: 'NOT_FOUND',
        details: [{ path: 'stats.excludedCategoryIds.2' }],
      });
    }
    expect((await settings()).body.response).toEqual(before);
    expect(before).toEqual({
      locale: 'uk',
      timeZone: 'UTC',
      stats: { excludedCategoryIds: [fines] },
      includeCryptoInTotal: true,
    });
  });
});
