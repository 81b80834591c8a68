/**
 * The HTTP server under every emulator: one per emulator, on a free port of 127.0.0.1 unless told
 * otherwise; answers written as they are; timers that die with it; and a close() that waits for nobody.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type Answer, htmlAnswer } from './answer.ts';

export interface ServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Headers added to every answer the server writes (its own error page included). */
  headers?: Record<string, string>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface EmulatorServer {
  /** `http://host:port`, no trailing slash. */
  url: string;
  /** Writes an answer, unless the client has gone already. */
  send(res: ServerResponse, answer: Answer): void;
  /** Writes `produce()`'s answer after `ms`, unless the client hangs up or the server closes first. */
  answerLater(res: ServerResponse, ms: number, produce: () => Answer): void;
  /** Runs `task` after `ms` unless cancelled or the server closes first; returns the cancel function. */
  later(ms: number, task: () => void): () => void;
  /** Stops at once: pending timers are dropped and open connections destroyed. Closing twice is harmless. */
  close(): Promise<void>;
}

/** The body of a request as text; rejects beyond `limit` bytes. */
export function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startServer(options: ServerOptions, handle: Handler): Promise<EmulatorServer> {
  const host = options.host ?? '127.0.0.1';
  const extraHeaders = options.headers ?? {};
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let closing: Promise<void> | undefined;

  function send(res: ServerResponse, answer: Answer): void {
    if (res.destroyed || res.writableEnded) return;
    res.writeHead(answer.status, { ...answer.headers, ...extraHeaders });
    res.end(answer.body);
  }

  function later(ms: number, task: () => void): () => void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, ms);
    timers.add(timer);
    return () => {
      clearTimeout(timer);
      timers.delete(timer);
    };
  }

  const fail = (res: ServerResponse, error: unknown) =>
    send(res, htmlAnswer(500, `<h1>Emulator error</h1><pre>${String(error)}</pre>\n`));

  const server = createServer((req, res) => {
    try {
      const pending = handle(req, res);
      if (pending) pending.catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    send,
    answerLater(res, ms, produce) {
      const cancel = later(ms, () => send(res, produce()));
      res.on('close', cancel);
    },
    later,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
