import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sign } from './binance/signing.ts';
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

  it('starts the Monobank emulator alone and prints its URL and the demo token', async () => {
    const { child, output } = await startCli(['--port', '0', '--only', 'monobank', '--request-interval', '0']);
    expect(output).not.toContain('NBU base URL');
    const url = /Monobank API URL:\s+(http:\/\/\S+)/.exec(output)?.[1];
    const token = /Monobank demo token:\s+(\S+)/.exec(output)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(token).toHaveLength(44);
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${url}/personal/client-info`, { headers: { 'x-token': token ?? '' } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { accounts: unknown[] }).accounts).toHaveLength(2);
    }
    child.kill('SIGTERM');
  }, 20_000);

  it('starts the Binance emulator alone and prints its URL and the demo keys, which sign an account call', async () => {
    const { child, output } = await startCli(['--port', '0', '--only', 'binance', '--mode', 'binance=normal']);
    expect(output).not.toContain('Monobank API URL');
    const url = /Binance API URL:\s+(http:\/\/\S+)/.exec(output)?.[1];
    const apiKey = /Binance demo API key:\s+(\S+)/.exec(output)?.[1] ?? '';
    const secretKey = /Binance demo secret:\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { serverTime } = (await (await fetch(`${url}/api/v3/time`)).json()) as { serverTime: number };
    const query = `timestamp=${serverTime}`;
    const answer = await fetch(`${url}/api/v3/account?${query}&signature=${sign(secretKey, query)}`, {
      headers: { 'x-mbx-apikey': apiKey },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { canTrade: boolean }).canTrade).toBe(false);
    child.kill('SIGTERM');
  }, 20_000);

  it('refuses a bad --request-interval', async () => {
    await expect(startCli(['--port', '0', '--request-interval', 'soon'])).rejects.toThrow(/request-interval/);
  });
});
