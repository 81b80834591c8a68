import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { get } from './rates/test-helpers.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts the CLI and resolves with its output once it says the emulators are running. */
function startCli(args: string[]): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Emulators running')) resolve({ child, output });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
}

describe('cli', () => {
  it('prints the base URLs, serves both services and stops on SIGTERM', async () => {
    const { child, output } = await startCli(['--port', '0', '--mode', 'nbu=down']);
    const nbuUrl = /NBU base URL:\s+(http:\/\/\S+)/.exec(output)?.[1];
    const frankfurterUrl = /Frankfurter base URL:\s+(http:\/\/\S+)/.exec(output)?.[1];
    expect(nbuUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(frankfurterUrl).toBe(nbuUrl);

    expect((await get(`${frankfurterUrl}/v1/currencies`)).status).toBe(200);
    expect((await get(`${nbuUrl}/NBUStatService/v1/statdirectory/exchange?json`)).status).toBe(503);

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 20_000);
});
