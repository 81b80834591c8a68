import { z } from 'zod';
import { idSchema } from './ids.ts';

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string().length(3),
  name: z.string(),
  number: z.number().int(),
  digits: z.number().int(),
});
export type Currency = z.infer<typeof currencySchema>;

export const userCurrencySchema = z.object({
  id: z.number().int(),
  currencyId: z.number().int(),
  currency: currencySchema,
  isBase: z.boolean(),
  liveRateUpdate: z.boolean(),
});
export type UserCurrency = z.infer<typeof userCurrencySchema>;

export const setBaseCurrencyBodySchema = z.object({ currencyId: idSchema });
export type SetBaseCurrencyBody = z.infer<typeof setBaseCurrencyBodySchema>;
