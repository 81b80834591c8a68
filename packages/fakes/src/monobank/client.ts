/**
 * One Monobank client (a customer behind a token): accounts, jars and their statements, kept consistent —
 * each item's `balance` is the one before it plus its `amount`, and an account's balance is its newest
 * item's.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  type AccountType,
  type CashbackType,
  type ClientInfo,
  type MonobankAccount,
  type MonobankJar,
  OPTIONAL_ITEM_FIELDS,
  type StatementItem,
} from './types.ts';

/** An account as a test gives it: every field may be left out (a UAH black card with balance 0 by default). */
export type AccountSeed = Partial<MonobankAccount>;
/** A jar as a test gives it: every field may be left out (an empty UAH jar by default). */
export type JarSeed = Partial<MonobankJar>;
/**
 * A statement item as a test gives it. Left out: `id` (a random one), `description` (""), `mcc` (4829),
 * `originalMcc` (= mcc), `hold` (false), `operationAmount` (= amount), `currencyCode` (the account's),
 * `commissionRate` and `cashbackAmount` (0), `balance` (see {@link ClientSeed.statements}).
 */
export type ItemSeed = Partial<StatementItem> & { time: number; amount: number };

export interface ClientSeed {
  /** The personal token (X-Token) this client answers to. */
  token: string;
  clientId?: string;
  name?: string;
  /** Default "psfj". */
  permissions?: string;
  /** Default "" (none). Set as is, without the GET verification. */
  webHookUrl?: string;
  accounts?: AccountSeed[];
  jars?: JarSeed[];
  /**
   * Statement items by account or jar id, in any order. When every item of an account carries a `balance`
   * they are kept as given; otherwise all are recomputed so that the newest ends at the account's balance.
   */
  statements?: Record<string, ItemSeed[]>;
}

/** An account or a jar with its statement, oldest item first. */
interface Book {
  holder: MonobankAccount | MonobankJar;
  items: StatementItem[];
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of `length` letters and digits, like the ids of accounts and clients. */
export function randomId(length: number): string {
  return Array.from({ length }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');
}

/** A random statement item id, shaped like the real ones (`ZuHWzqkKGVo=`). */
export function randomItemId(): string {
  return randomBytes(8).toString('base64');
}

/** An item with its fields in the real service's order and absent optional fields left out (never null). */
export function statementItem(fields: StatementItem): StatementItem {
  const item: StatementItem = {
    id: fields.id,
    time: fields.time,
    description: fields.description,
    mcc: fields.mcc,
    originalMcc: fields.originalMcc,
    hold: fields.hold,
    amount: fields.amount,
    operationAmount: fields.operationAmount,
    currencyCode: fields.currencyCode,
    commissionRate: fields.commissionRate,
    cashbackAmount: fields.cashbackAmount,
    balance: fields.balance,
  };
  for (const field of OPTIONAL_ITEM_FIELDS) {
    const value = fields[field];
    if (value !== undefined) item[field] = value;
  }
  return item;
}

function account(seed: AccountSeed): MonobankAccount {
  const currencyCode = seed.currencyCode ?? 980;
  return {
    id: seed.id ?? randomId(22),
    sendId: seed.sendId ?? randomId(10),
    balance: seed.balance ?? 0,
    creditLimit: seed.creditLimit ?? 0,
    type: seed.type ?? ('black' satisfies AccountType),
    currencyCode,
    cashbackType: seed.cashbackType ?? ((currencyCode === 980 ? 'UAH' : 'None') satisfies CashbackType),
    maskedPan: seed.maskedPan ?? [`537541******${String(randomInt(10_000)).padStart(4, '0')}`],
    iban: seed.iban ?? ukrainianIban('322001', `0000026${randomDigits(12)}`),
  };
}

/** A Ukrainian IBAN (29 characters) with its ISO 13616 check digits: a 6-digit bank code, a 19-digit account. */
export function ukrainianIban(bankCode: string, account: string): string {
  const digits = `${bankCode}${account}301000`; // "UA00" moved to the end, letters as numbers
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `UA${String(98 - remainder).padStart(2, '0')}${bankCode}${account}`;
}

function jar(seed: JarSeed): MonobankJar {
  return {
    id: seed.id ?? randomId(22),
    sendId: seed.sendId ?? `jar${randomId(7)}`,
    title: seed.title ?? 'Банка',
    description: seed.description ?? '',
    currencyCode: seed.currencyCode ?? 980,
    balance: seed.balance ?? 0,
    goal: seed.goal ?? 0,
  };
}

function randomDigits(length: number): string {
  return Array.from({ length }, () => String(randomInt(10))).join('');
}

function completeItem(seed: ItemSeed, holder: MonobankAccount | MonobankJar): StatementItem {
  const mcc = seed.mcc ?? 4829;
  return statementItem({
    ...seed,
    id: seed.id ?? randomItemId(),
    description: seed.description ?? '',
    mcc,
    originalMcc: seed.originalMcc ?? mcc,
    hold: seed.hold ?? false,
    operationAmount: seed.operationAmount ?? seed.amount,
    currencyCode: seed.currencyCode ?? holder.currencyCode,
    commissionRate: seed.commissionRate ?? 0,
    cashbackAmount: seed.cashbackAmount ?? 0,
    balance: seed.balance ?? 0,
  });
}

/** Where an item of `time` goes: after every item at or before that time, so equal times keep their order. */
function insertionIndex(items: readonly StatementItem[], time: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (items[mid]!.time <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class ClientState {
  /** Changes when the token is reissued (the old one stops working). */
  token: string;
  readonly clientId: string;
  readonly name: string;
  readonly permissions: string;
  webHookUrl: string;
  readonly #books = new Map<string, Book>();
  /** Accounts then jars, in the order client-info lists them. */
  readonly #accounts: MonobankAccount[];
  readonly #jars: MonobankJar[];

  constructor(seed: ClientSeed) {
    this.token = seed.token;
    this.clientId = seed.clientId ?? randomId(10);
    this.name = seed.name ?? 'Клієнт Монобанку';
    this.permissions = seed.permissions ?? 'psfj';
    this.webHookUrl = seed.webHookUrl ?? '';
    this.#accounts = (seed.accounts ?? []).map(account);
    this.#jars = (seed.jars ?? []).map(jar);
    for (const holder of [...this.#accounts, ...this.#jars]) {
      if (this.#books.has(holder.id)) throw new Error(`Duplicate account or jar id: ${holder.id}`);
      this.#books.set(holder.id, { holder, items: [] });
    }
    for (const [id, seeds] of Object.entries(seed.statements ?? {})) {
      const book = this.#books.get(id);
      if (!book) throw new Error(`Statement for an unknown account or jar: ${id}`);
      const items = seeds.map((item) => completeItem(item, book.holder));
      items.sort((a, b) => a.time - b.time);
      if (seeds.some((item) => item.balance === undefined)) {
        let balance = book.holder.balance;
        for (let i = items.length - 1; i >= 0; i--) {
          items[i]!.balance = balance;
          balance -= items[i]!.amount;
        }
      }
      book.items = items;
    }
  }

  /** A card opened later (it shows in client-info from now on); answers it. */
  openAccount(seed: AccountSeed): MonobankAccount {
    const opened = account(seed);
    if (this.#books.has(opened.id)) throw new Error(`Duplicate account or jar id: ${opened.id}`);
    this.#accounts.push(opened);
    this.#books.set(opened.id, { holder: opened, items: [] });
    return structuredClone(opened);
  }

  clientInfo(): ClientInfo {
    return structuredClone({
      clientId: this.clientId,
      name: this.name,
      webHookUrl: this.webHookUrl,
      permissions: this.permissions,
      accounts: this.#accounts,
      jars: this.#jars,
    });
  }

  /** An account or jar id, or `0` for the default account (the first); undefined when it is not this client's. */
  resolve(account: string): string | undefined {
    if (account === '0') return this.#accounts[0]?.id;
    return this.#books.has(account) ? account : undefined;
  }

  currencyOf(account: string): number | undefined {
    return this.#books.get(account)?.holder.currencyCode;
  }

  /** Items from `from` to `to` (Unix seconds, both included), newest first, at most `limit`. */
  statement(account: string, from: number, to: number, limit: number): StatementItem[] {
    const items = this.#books.get(account)?.items ?? [];
    const end = insertionIndex(items, to);
    const answer: StatementItem[] = [];
    for (let i = end - 1; i >= 0 && answer.length < limit; i--) {
      const item = items[i]!;
      if (item.time < from) break;
      answer.push(structuredClone(item));
    }
    return answer;
  }

  /** Adds an item to an account's statement at its time and moves the balances; answers a copy of it. */
  add(account: string, seed: ItemSeed): StatementItem {
    const book = this.#books.get(account);
    if (!book) throw new Error(`Unknown account or jar: ${account}`);
    const item = completeItem(seed, book.holder);
    if (book.items.some((other) => other.id === item.id)) throw new Error(`Duplicate statement item id: ${item.id}`);
    const index = insertionIndex(book.items, item.time);
    const before = index > 0 ? book.items[index - 1]!.balance : this.#opening(book);
    item.balance = before;
    book.items.splice(index, 0, item);
    this.#shift(book, index, item.amount);
    return structuredClone(item);
  }

  /** The item with this id and the account or jar it belongs to. */
  find(id: string): { account: string; item: StatementItem } | undefined {
    for (const [account, book] of this.#books) {
      const item = book.items.find((candidate) => candidate.id === id);
      if (item) return { account, item: structuredClone(item) };
    }
    return undefined;
  }

  /**
   * Settles a hold: `hold` becomes false and, when a final amount is given, the item takes it (its
   * `operationAmount` too when the operation was in the account's currency, unless given) and the balances
   * from it on move by the difference. Answers a copy of the item, or undefined when no such item exists.
   */
  settle(id: string, final: { amount?: number; operationAmount?: number } = {}): StatementItem | undefined {
    for (const book of this.#books.values()) {
      const index = book.items.findIndex((candidate) => candidate.id === id);
      if (index < 0) continue;
      const item = book.items[index]!;
      const amount = final.amount ?? item.amount;
      const sameCurrency = item.currencyCode === book.holder.currencyCode && item.operationAmount === item.amount;
      item.hold = false;
      item.operationAmount = final.operationAmount ?? (sameCurrency ? amount : item.operationAmount);
      const delta = amount - item.amount;
      item.amount = amount;
      this.#shift(book, index, delta);
      return structuredClone(item);
    }
    return undefined;
  }

  /** Ids of the items still on hold, oldest first. */
  openHolds(): string[] {
    const ids: string[] = [];
    for (const book of this.#books.values()) for (const item of book.items) if (item.hold) ids.push(item.id);
    return ids;
  }

  /** Copies of every account's or jar's items, oldest first. */
  allItems(): Record<string, StatementItem[]> {
    return Object.fromEntries([...this.#books].map(([id, book]) => [id, structuredClone(book.items)]));
  }

  /** The balance before the first item. */
  #opening(book: Book): number {
    const first = book.items[0];
    return first ? first.balance - first.amount : book.holder.balance;
  }

  /** Moves the balance of the items from `index` on, and of the holder, by `delta`. */
  #shift(book: Book, index: number, delta: number): void {
    for (let i = index; i < book.items.length; i++) book.items[i]!.balance += delta;
    book.holder.balance += delta;
  }
}
