/**
 * Calls gathered over two turns of the event loop and handled together, one batch at a time. On
 * the embedded database every statement costs a fixed share of its one connection, so one
 * statement for the requests that arrived together, instead of one for each, is most of what
 * several clients save (docs/decisions.md "Requests on the embedded database: sessions
 * remembered, one statement per list page").
 */
/**
 * Turns a batch waits for more calls. Clients that got their answers together send again over a
 * couple of turns: with 8 clients creating, waiting a second turn cut a create's statements from
 * 2.85 to 2.11 on average; a third changed nothing.
 */
const GATHER_TURNS = 2;

/** `then` after `turns` turns of the event loop. */
function afterTurns(turns: number, then: () => void) {
  setImmediate(turns > 1 ? () => afterTurns(turns - 1, then) : then);
}

export interface Pending<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * `handle` settles each call of its batch; any it leaves when it throws are refused with that
 * error. At most `most` calls go into a batch, so none waits long behind the others.
 */
export function perTurn<In, Out>(
  most: number,
  handle: (batch: Array<Pending<In, Out>>) => Promise<void>,
): (input: In) => Promise<Out> {
  const waiting: Array<Pending<In, Out>> = [];
  let scheduled = false;
  let handling = false;

  function handleSoon() {
    if (scheduled || handling || waiting.length === 0) return;
    scheduled = true;
    afterTurns(GATHER_TURNS, () => {
      scheduled = false;
      void handleNext();
    });
  }

  async function handleNext() {
    if (handling || waiting.length === 0) return;
    handling = true;
    const batch = waiting.splice(0, most);
    try {
      await handle(batch);
    } catch (error) {
      // Settling a promise twice is a no-op: only the calls still open get the error.
      for (const call of batch) call.reject(error);
    } finally {
      handling = false;
      handleSoon();
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      handleSoon();
    });
}
