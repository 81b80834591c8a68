import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000 and the embedded database under ./data', () => {
    const config = loadConfig({}, '/srv/web');
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: `${process.cwd()}/data/pglite` });
    expect(config.webDistDir).toBe('/srv/web');
    expect(config.logLevel).toBe('info');
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats empty variables as unset', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://u:p@db:5432/kopiyka', PORT: '', DATA_DIR: '/var/kopiyka' },
      null,
    );
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/kopiyka' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/var/kopiyka');
  });

  it('allows 10 sign-ups per hour per address unless REGISTRATIONS_PER_HOUR says otherwise', () => {
    expect(loadConfig({}, null).auth).toMatchObject({
      maxRegistrationsPerAddress: 10,
      registrationWindowMs: 3_600_000,
    });
    expect(loadConfig({ REGISTRATIONS_PER_HOUR: '500' }, null).auth.maxRegistrationsPerAddress).toBe(500);
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
          PUBLIC_URL: 'nope',
          REGISTRATIONS_PER_HOUR: '0',
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
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
      'REGISTRATIONS_PER_HOUR',
    ]);
  });
});
