import type { MonobankJob, ServerEvent } from '@kopiyka/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBankDialogStore } from '../stores/bank-dialog-target.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import { eventStream, failure, fakeServer, resetApp, sseMessage } from '../test/api.ts';
import { makeBankUser, makeJob } from '../test/monobank.ts';
import {
  createEventStreamParser,
  followServerEvents,
  handleServerEvent,
  readServerEvents,
  reconnectDelay,
  type StreamMessage,
} from './events.ts';
import { queryClient } from './query-client.ts';
import { accountKeys, monobankKeys, recurringKeys, statsKeys, transactionKeys } from './query-keys.ts';

function parse(chunks: string[]) {
  const messages: StreamMessage[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser(
    (message) => messages.push(message),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.push(chunk);
  return { messages, retries };
}

describe('the event stream format', () => {
  it('reads a message only once its blank line has arrived, however the text is split', () => {
    const text = 'event: monobank.job\ndata: {"a":1}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const { messages } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(messages).toEqual([{ event: 'monobank.job', data: '{"a":1}' }]);
    }
    expect(parse(['event: monobank.job\ndata: {"a":1}\n']).messages).toEqual([]);
  });

  it('takes \\r\\n and \\r line ends, even with \\r and \\n in different chunks', () => {
    expect(parse(['event: x\r', '\ndata: 1\r', '\n\r', '\n']).messages).toEqual([{ event: 'x', data: '1' }]);
    // A \r at the end of a chunk waits for the next one: it may be half of a \r\n.
    expect(parse(['event: x\rdata: 2\r\r']).messages).toEqual([]);
    expect(parse(['event: x\rdata: 2\r\r', 'event: next']).messages).toEqual([{ event: 'x', data: '2' }]);
  });

  it('skips comments (heartbeats) and unknown fields, and joins data lines', () => {
    const { messages } = parse([': keep-alive\n\n', 'id: 7\nevent: y\ndata: first\n: in between\ndata: second\n\n']);
    expect(messages).toEqual([{ event: 'y', data: 'first\nsecond' }]);
  });

  it('reports retry: as the wait before reconnecting, and ignores one that is not a number', () => {
    const { messages, retries } = parse(['retry: 3000\n\n', 'retry: soon\n\n']);
    expect(retries).toEqual([3000]);
    expect(messages).toEqual([]);
  });

  it('names a message without event: "message", and sends nothing for a message without data', () => {
    expect(parse(['data:plain\n\n', 'event: empty\n\n']).messages).toEqual([{ event: 'message', data: 'plain' }]);
  });

  it('waits longer after each drop in a row, up to a minute', () => {
    expect([1, 2, 3, 4, 10].map((failures) => reconnectDelay(3000, failures))).toEqual([
      3000, 6000, 12_000, 24_000, 60_000,
    ]);
  });
});

describe('reading GET /events', () => {
  beforeEach(() => {
    resetApp();
    useSessionStore.setState({ token: 'token' });
  });

  it('hands on the events the contract knows, with the bearer token, until aborted', async () => {
    const stream = eventStream();
    const fetchMock = fakeServer({ 'GET /events': () => stream.response });
    const job = makeJob({ id: 4 });
    const received: ServerEvent[] = [];
    const controller = new AbortController();
    const opened = vi.fn();
    const reading = readServerEvents(controller.signal, { onEvent: (event) => received.push(event), onOpen: opened });

    const message = sseMessage({ type: 'monobank.job', job });
    stream.send('retry: 3000\n\n: keep-alive\n\n');
    stream.send(message.slice(0, 20));
    stream.send(message.slice(20));
    // Not the contract's: a newer event, a broken one, and a name that does not match its data.
    stream.send('event: something.new\ndata: {"type":"something.new"}\n\n');
    stream.send('event: monobank.job\ndata: {not json\n\n');
    stream.send(`event: monobank.user\ndata: ${JSON.stringify({ type: 'monobank.job', job })}\n\n`);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    controller.abort();
    await reading;

    expect(received).toEqual([{ type: 'monobank.job', job }]);
    expect(opened).toHaveBeenCalledTimes(1);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer token');
    expect(headers.get('Accept')).toBe('text/event-stream');
  });

  it('ends when the server closes the stream, and throws when it refuses it', async () => {
    const stream = eventStream();
    fakeServer({ 'GET /events': () => stream.response });
    const reading = readServerEvents(new AbortController().signal, { onEvent: () => undefined });
    stream.close();
    await expect(reading).resolves.toBeUndefined();

    fakeServer({ 'GET /events': () => failure(403, 'FORBIDDEN', 'No') });
    await expect(readServerEvents(new AbortController().signal, { onEvent: () => undefined })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('following GET /events', () => {
  beforeEach(() => {
    resetApp();
    useSessionStore.setState({ token: 'token' });
  });
  afterEach(() => vi.useRealTimers());

  it('opens the stream again after a drop, at the pace the server asked for, and stops when aborted', async () => {
    vi.useFakeTimers();
    const streams = [eventStream(), eventStream()];
    let opened = 0;
    fakeServer({ 'GET /events': () => streams[opened++]!.response });
    const controller = new AbortController();
    const onReconnect = vi.fn();
    const following = followServerEvents(controller.signal, { onEvent: () => undefined, onReconnect });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toBe(1);

    streams[0]?.send('retry: 1000\n\n');
    streams[0]?.close();
    await vi.advanceTimersByTimeAsync(999);
    expect(opened).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toBe(2);
    expect(onReconnect).toHaveBeenCalledTimes(1);

    controller.abort();
    await following;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(opened).toBe(2);
  });

  it('tries again without a word while the server has as many of the user’s streams open as it keeps', async () => {
    vi.useFakeTimers();
    const stream = eventStream();
    let asked = 0;
    fakeServer({
      'GET /events': () =>
        ++asked === 1
          ? failure(409, 'CONFLICT', 'At most 10 event streams may be open at once; close one first')
          : stream.response,
    });
    const controller = new AbortController();
    const following = followServerEvents(controller.signal, { onEvent: () => undefined, onReconnect: () => undefined });
    await vi.advanceTimersByTimeAsync(3000);
    expect(asked).toBe(2);
    expect(useNotificationsStore.getState().notifications).toEqual([]);
    controller.abort();
    await following;
  });

  it('gives up when the session is refused', async () => {
    const fetchMock = fakeServer({ 'GET /events': () => failure(401, 'UNAUTHENTICATED', 'Session expired') });
    await followServerEvents(new AbortController().signal, { onEvent: () => undefined, onReconnect: () => undefined });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBeNull();
  });
});

describe('what an event changes', () => {
  beforeEach(resetApp);
  afterEach(() => useBankDialogStore.setState({ target: null }));

  const toasts = () => useNotificationsStore.getState().notifications;
  const jobEvent = (job: MonobankJob): ServerEvent => ({ type: 'monobank.job', job });
  /** Marks cached answers as loaded, so an invalidation shows on them. */
  function cacheBankData() {
    for (const queryKey of [transactionKeys.lists(), accountKeys.list(), statsKeys.all]) {
      queryClient.setQueryData(queryKey, []);
    }
  }
  const stale = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;

  it('moves a job through the active list, and refreshes the bank data once when it ends', () => {
    queryClient.setQueryData(monobankKeys.activeJobs(), []);
    queryClient.setQueryData(monobankKeys.recentJobs(), [makeJob({ id: 1, state: 'done' })]);
    cacheBankData();

    handleServerEvent(queryClient, jobEvent(makeJob({ id: 2, state: 'running', done: 1 })));
    expect(queryClient.getQueryData<MonobankJob[]>(monobankKeys.activeJobs())?.map((job) => job.done)).toEqual([1]);
    expect(queryClient.getQueryData<MonobankJob[]>(monobankKeys.recentJobs())?.map((job) => job.id)).toEqual([2, 1]);
    expect(stale(transactionKeys.lists())).toBe(false);

    handleServerEvent(queryClient, jobEvent(makeJob({ id: 2, state: 'done', done: 3, imported: 120 })));
    expect(queryClient.getQueryData(monobankKeys.activeJobs())).toEqual([]);
    expect(queryClient.getQueryData<MonobankJob>(monobankKeys.job(2))?.state).toBe('done');
    for (const queryKey of [transactionKeys.lists(), accountKeys.list(), statsKeys.all]) {
      expect(stale(queryKey)).toBe(true);
    }
    expect(toasts().map((toast) => toast.message)).toEqual(['120 bank transactions imported.']);

    // The same end heard again (a poll after the event) is not news.
    cacheBankData();
    handleServerEvent(queryClient, jobEvent(makeJob({ id: 2, state: 'done', done: 3, imported: 120 })));
    expect(stale(transactionKeys.lists())).toBe(false);
  });

  it('keeps an ended job out of the active list when an answer asked for before its end comes after it', async () => {
    const running = makeJob({ id: 6, state: 'running', done: 1 });
    queryClient.setQueryData(monobankKeys.activeJobs(), [running]);
    let answer!: (jobs: MonobankJob[]) => void;
    const asked = queryClient
      .fetchQuery({
        queryKey: monobankKeys.activeJobs(),
        queryFn: () =>
          new Promise<MonobankJob[]>((resolve) => {
            answer = resolve;
          }),
      })
      .catch(() => undefined);
    handleServerEvent(queryClient, jobEvent(makeJob({ id: 6, state: 'done', done: 2 })));
    answer([running]);
    await asked;
    expect(queryClient.getQueryData(monobankKeys.activeJobs())).toEqual([]);
  });

  it('says why a job failed, unless a disconnect or a refused token (said elsewhere) ended it', () => {
    const failed = (id: number, code: string, message: string) =>
      makeJob({ id, state: 'failed', error: { code, message } });
    handleServerEvent(queryClient, jobEvent(failed(3, 'BAD_GATEWAY', 'Monobank did not answer as expected.')));
    handleServerEvent(queryClient, jobEvent(failed(4, 'MONOBANK_USER_NOT_PAIRED', 'Monobank was disconnected.')));
    handleServerEvent(queryClient, jobEvent(failed(5, 'MONOBANK_USER_TOKEN_INVALID', 'Paste a new token.')));
    expect(toasts().map(({ type, title, message }) => ({ type, title, message }))).toEqual([
      { type: 'error', title: 'Bank import stopped', message: 'Monobank did not answer as expected.' },
    ]);
  });

  it('announces transactions the webhook brought, one or many, and refreshes what they change', () => {
    cacheBankData();
    const webhook = (count: number): Extract<ServerEvent, { type: 'monobank.transactions' }> => ({
      type: 'monobank.transactions',
      source: 'webhook',
      count,
      updated: 0,
      accountIds: [11],
    });
    handleServerEvent(queryClient, webhook(1));
    expect(toasts().map((toast) => toast.message)).toEqual(['1 new bank transaction']);
    expect(stale(transactionKeys.lists())).toBe(true);
    expect(stale(accountKeys.list())).toBe(true);

    handleServerEvent(queryClient, webhook(3));
    expect(toasts().map((toast) => toast.message)).toEqual(['3 new bank transactions']);

    // An import's windows refresh the lists without a word: the progress bar speaks for it.
    useNotificationsStore.getState().reset();
    handleServerEvent(queryClient, { ...webhook(5), source: 'import' });
    expect(toasts()).toEqual([]);
  });

  it('refreshes the lists, balances, figures and regular payments when the job recorded occurrences, without a word', () => {
    cacheBankData();
    queryClient.setQueryData(recurringKeys.all, []);
    handleServerEvent(queryClient, { type: 'recurring.recorded', recurringId: 4, count: 2 });
    for (const queryKey of [transactionKeys.lists(), accountKeys.list(), statsKeys.all, recurringKeys.all]) {
      expect(stale(queryKey)).toBe(true);
    }
    expect(toasts()).toEqual([]);
  });

  it('takes a changed connection, and asks for a new token when Monobank refused the old one', () => {
    queryClient.setQueryData(monobankKeys.user(), makeBankUser());
    const refused = makeBankUser({ tokenState: 'invalid' });
    handleServerEvent(queryClient, { type: 'monobank.user', user: refused });
    expect(queryClient.getQueryData(monobankKeys.user())).toEqual(refused);

    const [warning] = toasts();
    expect(warning).toMatchObject({ type: 'warning', title: 'Bank sync stopped' });
    warning?.action?.run();
    expect(useBankDialogStore.getState().target).toBe('replace-token');

    // Told once: the same state again says nothing more.
    useNotificationsStore.getState().reset();
    handleServerEvent(queryClient, { type: 'monobank.user', user: refused });
    expect(toasts()).toEqual([]);
  });
});
