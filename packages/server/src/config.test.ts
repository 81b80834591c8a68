import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const KEY = '0f'.repeat(32);

describe('loadConfig', () => {
  it('defaults to port 3000 and the embedded database under ./data', () => {
    const config = loadConfig({}, '/srv/web');
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: `${process.cwd()}/data/pglite` });
    expect(config.webDistDir).toBe('/srv/web');
    expect(config.logLevel).toBe('info');
    expect(config.logFormat).toBe('auto');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats empty variables as unset', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://u:p@db:5432/kopiyka', APP_SECRET_KEY: KEY, PORT: '', DATA_DIR: '/var/kopiyka' },
      null,
    );
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/kopiyka' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/var/kopiyka');
  });

  it('stops, naming APP_SECRET_KEY, when a server database has no key: its instances must share one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/kopiyka' }, null)).toThrow(
      /^.*\n.*APP_SECRET_KEY: required with DATABASE_URL/,
    );
    // The embedded database makes its own key file.
    expect(loadConfig({}, null).secretKey).toBeUndefined();
  });

  it('talks to the real Monobank one call a minute unless told otherwise, and strips trailing slashes', () => {
    expect(loadConfig({}, null).monobank).toMatchObject({
      apiUrl: 'https://api.monobank.ua',
      requestIntervalMs: 60_000,
    });
    const config = loadConfig(
      {
        MONOBANK_API_URL: 'http://127.0.0.1:4501/',
        MONOBANK_REQUEST_INTERVAL_MS: '0',
        PUBLIC_URL: 'https://money.example.com/',
      },
      null,
    );
    expect(config.monobank).toMatchObject({ apiUrl: 'http://127.0.0.1:4501', requestIntervalMs: 0 });
    expect(config.publicUrl).toBe('https://money.example.com');
  });

  it('allows 10 sign-ups per hour per address unless REGISTRATIONS_PER_HOUR says otherwise', () => {
    expect(loadConfig({}, null).auth.registrationsPerAddress).toMatchObject({ free: 10, firstDelayMs: 3_600_000 });
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '500' }, null).auth.registrationsPerAddress.free).toBe(500);
  });

  it('trusts no proxy unless TRUST_PROXY names how many there are or where they are', () => {
    expect(loadConfig({}, null).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, null).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }, null).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }, null).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1 ,loopback' }, null).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true, which would let a client choose its own address, and anything unclear', () => {
    for (const value of ['true', '0', '11', '10.0.0.0/33', '300.1.1.1', 'proxy.local', '1,2', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }, null), value).toThrow(
        /TRUST_PROXY: must be false, the number of reverse proxies .*`true` would let any client choose its own address/,
      );
    }
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig(
        {
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          APP_SECRET_KEY: 'short',
          LOG_LEVEL: 'loud',
          LOG_FORMAT: 'xml',
          PUBLIC_URL: 'nope',
          REGISTRATIONS_PER_HOUR: '0',
          MONOBANK_API_URL: 'api.monobank.ua',
          MONOBANK_REQUEST_INTERVAL_MS: '-5',
        },
        null,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual([
      'APP_SECRET_KEY',
      'DATABASE_URL',
      'LOG_FORMAT',
      'LOG_LEVEL',
      'MONOBANK_API_URL',
      'MONOBANK_REQUEST_INTERVAL_MS',
      'PORT',
      'PUBLIC_URL',
      'REGISTRATIONS_PER_HOUR',
    ]);
  });
});
