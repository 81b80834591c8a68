/** Which database this test run targets: the project name decides (see vitest.config.ts). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.KOPIYKA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** One template per run, so parallel runs on one server do not trip over each other. */
export function templateDatabaseName(): string {
  return `kopiyka_test_template_${process.pid}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
