import { z } from 'zod';
import { accountSchema } from './accounts.ts';
import { storedIssueSchema } from './envelope.ts';
import { idSchema, idTextSchema } from './ids.ts';
import { customIssue, issue } from './issues.ts';
import { MAX_MINOR_AMOUNT } from './money.ts';
import { queryFlagSchema } from './query.ts';
import { controlCharactersAsSpaces, freeText } from './text.ts';

/** The longest statement window Monobank answers: 31 days + 1 hour, in seconds (external-apis.md §1.2). */
export const MONOBANK_WINDOW_SECONDS = 2_682_000;
/** How far back the connect flow offers to import by default, in months. */
export const MONOBANK_DEFAULT_IMPORT_MONTHS = 3;
/** Nothing older is asked for: Monobank opened its first cards in November 2017. */
export const MONOBANK_EARLIEST_IMPORT = Date.UTC(2017, 0, 1);

export const BANK_TOKEN_STATES = ['valid', 'invalid'] as const;
export type BankTokenState = (typeof BANK_TOKEN_STATES)[number];

/** The paired bank user, never with the token. */
export const bankUserSchema = z.object({
  name: z.string(),
  clientId: z.string(),
  /** `invalid` once Monobank refused the token: a new one must be pasted (POST /banks/monobank/user). */
  tokenState: z.enum(BANK_TOKEN_STATES),
  webhookEnabled: z.boolean(),
  /** Whether this server can receive webhooks at all (it knows its public address). */
  webhookAvailable: z.boolean(),
  /** When the cards were last read from the bank. */
  lastRefreshAt: z.iso.datetime().nullable(),
  /** The least time between two calls this server makes with the token (Monobank allows one a minute). */
  requestIntervalMs: z.number().int(),
  /**
   * When the periodic sync is next due to fetch new transactions (30 minutes after the last one;
   * it starts within a few minutes of that); null before any sync.
   */
  nextSyncAt: z.iso.datetime().nullable(),
});
export type BankUser = z.infer<typeof bankUserSchema>;

/** A personal token as api.monobank.ua shows it: 44 letters, digits, `-` and `_` (any such run of 20–128 is taken). */
export const monobankTokenSchema = z
  .string(issue('monobank.tokenRequired'))
  .trim()
  .min(1, issue('monobank.tokenRequired'))
  .min(20, issue('monobank.tokenTooShort'))
  .max(128, issue('monobank.tokenTooLong'))
  .regex(/^[A-Za-z0-9_-]+$/, issue('monobank.tokenCharacters'));

export const pairMonobankBodySchema = z.object({ token: monobankTokenSchema });
export type PairMonobankBody = z.infer<typeof pairMonobankBodySchema>;

export const BANK_USER_NAME_MAX = 100;

/** Replaces the token of the paired client (after Monobank refused the old one); `name` renames it. */
export const replaceMonobankTokenBodySchema = z.object({
  apiToken: monobankTokenSchema,
  name: freeText(z.string(issue('name.notText')).trim(), 'name')
    .min(1, issue('name.empty'))
    .max(BANK_USER_NAME_MAX, issue('name.tooLong', { max: BANK_USER_NAME_MAX }))
    .optional(),
});
export type ReplaceMonobankTokenBody = z.infer<typeof replaceMonobankTokenBodySchema>;

export const pairMonobankResponseSchema = z.object({ user: bankUserSchema, accounts: z.array(accountSchema) });
export type PairMonobankResponse = z.infer<typeof pairMonobankResponseSchema>;

function momentOf(text: string): number {
  if (/^\d{1,15}$/.test(text)) return Number(text);
  return z.iso.datetime({ offset: true }).safeParse(text).success ? Date.parse(text) : Number.NaN;
}

/**
 * A moment in a query: epoch milliseconds (as the original client sends them) or an ISO timestamp.
 * Answers epoch milliseconds.
 */
const queryMomentSchema = z
  .preprocess(
    (moment: number | string) => {
      const value: unknown = moment;
      return typeof value === 'number' ? String(value) : value;
    },
    z.string().trim().min(1, issue('value.moment')),
  )
  .transform((text, ctx) => {
    const ms = momentOf(text);
    if (Number.isNaN(ms)) {
      ctx.addIssue(customIssue('value.moment'));
      return z.NEVER;
    }
    if (ms < MONOBANK_EARLIEST_IMPORT) {
      ctx.addIssue(customIssue('monobank.before2017'));
      return z.NEVER;
    }
    return ms;
  });

/**
 * `load-transactions`: one bank account (else every enabled one), from a moment (else the
 * latest stored bank transaction, or an open hold, whichever is older) up to a moment (else now).
 */
export const loadMonobankTransactionsQuerySchema = z
  .object({ accountId: idTextSchema.optional(), from: queryMomentSchema.optional(), to: queryMomentSchema.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    ...issue('monobank.toBeforeFrom'),
    path: ['to'],
  });
export type LoadMonobankTransactionsQuery = z.input<typeof loadMonobankTransactionsQuerySchema>;

export const loadMonobankTransactionsResponseSchema = z.object({
  jobId: z.number().int(),
  /** Statement calls the job needs at least (one per account and 31-day window; long windows page). */
  windows: z.number().int(),
  /** At one call per interval, how long the job should take. */
  estimatedSeconds: z.number().int(),
});
export type LoadMonobankTransactionsResponse = z.infer<typeof loadMonobankTransactionsResponseSchema>;

export const MONOBANK_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type MonobankJobState = (typeof MONOBANK_JOB_STATES)[number];

export const monobankJobSchema = z.object({
  id: z.number().int(),
  /** `import`: asked for by a person or client; `sync`: the periodic catching-up. */
  kind: z.enum(['import', 'sync']),
  state: z.enum(MONOBANK_JOB_STATES),
  /** Statement windows finished, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  /** New transactions stored so far. */
  imported: z.number().int(),
  /** Stored transactions the bank changed (a hold that settled). */
  updated: z.number().int(),
  accountIds: z.array(z.number().int()),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** When the next statement call may go out (Monobank's interval), while the job runs. */
  nextRunAt: z.iso.datetime().nullable(),
  /** `issue`: the message by code, for clients to translate. */
  error: z.object({ code: z.string(), message: z.string(), issue: storedIssueSchema.optional() }).nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type MonobankJob = z.infer<typeof monobankJobSchema>;

export const monobankJobParamsSchema = z.object({ jobId: idTextSchema });

export const monobankJobsQuerySchema = z.object({
  /** Only jobs still queued or running. */
  active: queryFlagSchema.optional(),
});

export const updateMonobankWebhookBodySchema = z.object({
  clientId: z
    .string('clientId is required')
    .trim()
    .min(1, 'clientId is required')
    .max(64)
    .regex(/^[\x21-\x7e]+$/, issue('monobank.clientId')),
  /** false switches the webhook off. */
  enabled: z.boolean(issue('value.notBoolean')).default(true),
});
export type UpdateMonobankWebhookBody = z.input<typeof updateMonobankWebhookBodySchema>;

const minorSchema = z.number().int().min(-MAX_MINOR_AMOUNT).max(MAX_MINOR_AMOUNT);
/** Free text from the bank, without control characters (a database text cannot hold NUL). */
const bankTextSchema = (max: number) =>
  z
    .string()
    .max(max)
    .transform((text) => controlCharactersAsSpaces(text).trim());
/** An id at the bank: printable ASCII (Monobank's are base64-like). */
const bankIdSchema = z.string().regex(/^[\x21-\x7e]{1,128}$/, issue('monobank.bankId'));

/** A statement item as Monobank sends it (external-apis.md §1.4); unknown fields are ignored. */
export const monobankStatementItemSchema = z.object({
  id: bankIdSchema,
  time: z.number().int().min(0).max(4_102_444_800),
  description: bankTextSchema(1000),
  mcc: z.number().int().min(0).max(9999),
  originalMcc: z.number().int().min(0).max(9999).optional(),
  hold: z.boolean(),
  amount: minorSchema,
  operationAmount: minorSchema,
  currencyCode: z.number().int().min(0).max(999),
  commissionRate: minorSchema,
  cashbackAmount: minorSchema,
  balance: minorSchema,
  comment: bankTextSchema(1000).optional(),
  receiptId: bankTextSchema(128).optional(),
  counterName: bankTextSchema(1000).optional(),
});
export type MonobankStatementItem = z.infer<typeof monobankStatementItemSchema>;

/** What Monobank POSTs to the webhook (external-apis.md §1.5). */
export const monobankWebhookEventSchema = z.object({
  type: z.literal('StatementItem', issue('monobank.statementItemOnly')),
  data: z.object({ account: bankIdSchema, statementItem: monobankStatementItemSchema }),
});
export type MonobankWebhookEvent = z.infer<typeof monobankWebhookEventSchema>;

export const monobankWebhookParamsSchema = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/) });

/** Monobank takes exactly 200 (not 204) as success, for the check and for each event. */
export const monobankWebhookAckSchema = z.object({ ok: z.literal(true) });

/** Remembers the category a person gave an imported transaction for every transaction of its merchant. */
export const saveMerchantRuleBodySchema = z.object({
  transactionId: idSchema,
  /** Also move the merchant's earlier bank transactions to that category. */
  applyToExisting: z.boolean(issue('value.notBoolean')).default(false),
});
export type SaveMerchantRuleBody = z.input<typeof saveMerchantRuleBodySchema>;

export const merchantRuleSchema = z.object({
  id: z.number().int(),
  /** The merchant as the bank names it (the statement's description). */
  merchant: z.string(),
  categoryId: z.number().int(),
});
export type MerchantRule = z.infer<typeof merchantRuleSchema>;

export const saveMerchantRuleResponseSchema = z.object({
  rule: merchantRuleSchema,
  /** Earlier transactions of the merchant moved to the category. */
  updated: z.number().int(),
});
export type SaveMerchantRuleResponse = z.infer<typeof saveMerchantRuleResponseSchema>;
