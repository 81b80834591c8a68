/**
 * The Monobank personal API's shapes as they travel on the wire (external-apis.md §1.3–1.5). Money is in
 * minor units of the named currency; currencies are ISO 4217 numeric codes; times are Unix seconds.
 */

export const ACCOUNT_TYPES = ['black', 'white', 'platinum', 'iron', 'fop', 'yellow', 'eAid'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const CASHBACK_TYPES = ['None', 'UAH', 'Miles'] as const;
export type CashbackType = (typeof CASHBACK_TYPES)[number];

export interface MonobankAccount {
  id: string;
  sendId: string;
  /** Includes the credit limit (own money = balance − creditLimit). */
  balance: number;
  creditLimit: number;
  type: AccountType;
  currencyCode: number;
  cashbackType: CashbackType;
  maskedPan: string[];
  iban: string;
}

export interface MonobankJar {
  id: string;
  sendId: string;
  title: string;
  description: string;
  currencyCode: number;
  balance: number;
  goal: number;
}

export interface ClientInfo {
  clientId: string;
  name: string;
  /** `""` when no webhook is set. */
  webHookUrl: string;
  permissions: string;
  accounts: MonobankAccount[];
  jars: MonobankJar[];
}

export interface StatementItem {
  id: string;
  time: number;
  description: string;
  mcc: number;
  originalMcc: number;
  hold: boolean;
  /** In the account's currency, negative = debit; includes the commission. */
  amount: number;
  /** In the operation's currency (`currencyCode`). */
  operationAmount: number;
  /** The currency of `operationAmount`, which need not be the account's. */
  currencyCode: number;
  /** The commission, in the account's currency. */
  commissionRate: number;
  cashbackAmount: number;
  /** The account's balance right after this item. */
  balance: number;
  comment?: string;
  receiptId?: string;
  invoiceId?: string;
  counterEdrpou?: string;
  counterIban?: string;
  counterName?: string;
}

/** What the emulator POSTs to a client's webhook for each new or changed statement item. */
export interface WebhookEvent {
  type: 'StatementItem';
  data: { account: string; statementItem: StatementItem };
}

/** The optional fields of a statement item, in the order the real service writes them. */
export const OPTIONAL_ITEM_FIELDS = [
  'comment',
  'receiptId',
  'invoiceId',
  'counterEdrpou',
  'counterIban',
  'counterName',
] as const;
