import { z } from 'zod';
import { BINANCE_KEY_ERRORS, ERROR_CODES } from './errors.ts';
import { ISSUE_CODES } from './issues.ts';

const issueCodeSchema = z
  .enum(ISSUE_CODES)
  .describe('What is wrong, stable across wording and languages: clients translate by it (shared/issues.ts).');
const issueParamsSchema = z
  .record(z.string(), z.union([z.string(), z.number()]))
  .describe('The values the message fills in (a limit, a currency code, the text refused), by name.');

export const validationIssueSchema = z.object({
  path: z.string(),
  /** In English, for people reading the API; made from `code` and `params`. */
  message: z.string(),
  code: issueCodeSchema,
  params: issueParamsSchema,
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/**
 * A problem a job stored beside its English text, by code, for clients to translate. Absent on
 * problems stored before the codes were.
 */
export const storedIssueSchema = z.object({ code: issueCodeSchema, params: issueParamsSchema });

/** The code and params of a problem stored per row (an import's bad rows), beside its English `message`. */
export const storedIssueFields = { code: issueCodeSchema.optional(), params: issueParamsSchema.optional() };

export const errorBodySchema = z.object({
  code: z.union([z.enum(ERROR_CODES), z.union(Object.values(BINANCE_KEY_ERRORS).map((n) => z.literal(n)))]),
  statusText: z.string(),
  details: z.array(validationIssueSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  response: errorBodySchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Wraps a payload schema in the success envelope of docs/api.md. */
export function successEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.literal('success'), response: payload });
}

export type SuccessEnvelope<T> = { status: 'success'; response: T };
