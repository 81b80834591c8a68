import { z } from 'zod';
import { idSchema } from './ids.ts';
import { issue } from './issues.ts';

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

/** An ISO 4217 alphabetic code, as rates and pairs name currencies. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, issue('value.currencyCode'));

export const MAX_CURRENCIES_PER_REQUEST = 50;

export const addUserCurrenciesBodySchema = z.object({
  currencies: z
    .array(z.object({ currencyId: idSchema, liveRateUpdate: z.boolean().optional() }))
    .min(1, issue('currency.required'))
    .max(MAX_CURRENCIES_PER_REQUEST),
});
export type AddUserCurrenciesBody = z.infer<typeof addUserCurrenciesBodySchema>;

export const deleteUserCurrencyBodySchema = z.object({ currencyId: idSchema });
export type DeleteUserCurrencyBody = z.infer<typeof deleteUserCurrencyBodySchema>;
