import { z } from 'zod';
import { BINANCE_KEY_ERRORS, ERROR_CODES } from './errors.ts';

export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

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

/** Wraps a payload schema in the success envelope of API.md. */
export function successEnvelope<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.literal('success'), response: payload });
}

export type SuccessEnvelope<T> = { status: 'success'; response: T };
