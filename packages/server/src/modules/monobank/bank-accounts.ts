/**
 * The person's cards and jars as client-info lists them, kept as Kopiyka accounts: one account
 * each, created when first seen (at pairing, or a card opened later), its balance and credit limit
 * the bank's from then on.
 */
import { type AccountCategory, type AppLocale, appLocale } from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MonobankCard, MonobankClientInfo, MonobankJar } from '../../integrations/monobank/client.ts';
import { isOffered } from '../../lib/iso-currencies.ts';
import { createBankAccount, setBankFigures } from '../accounts/index.ts';
import { selectCurrencyByNumber } from '../currencies/index.ts';
import { getSettings } from '../settings/index.ts';
import { lockLedgerAccounts } from '../transactions/index.ts';
import {
  insertBankAccountLink,
  lockAnchor,
  selectBankAccounts,
  selectDeletedExternalIds,
  updateAnchor,
} from './queries.ts';
import { WEBHOOK_FUTURE_TOLERANCE_MS } from './webhook-inbox.ts';

const CARD_NAMES: Record<string, string> = {
  black: 'Black',
  white: 'White',
  platinum: 'Platinum',
  iron: 'Iron',
  yellow: 'Yellow',
  fop: 'FOP',
  eAid: 'eAid',
};

/** Cards Monobank sells as credit cards; the others hold the person's own money. */
const CREDIT_CARD_TYPES = new Set(['black', 'platinum', 'iron']);

/** "Monobank Black •4821", with the currency when it is not the hryvnia: "Monobank White USD •9012". */
export function cardName(card: MonobankCard, currencyCode: string): string {
  const last4 = card.maskedPan[0]?.slice(-4);
  const kind = CARD_NAMES[card.type] ?? card.type;
  return ['Monobank', kind, currencyCode === 'UAH' ? '' : currencyCode, last4 ? `•${last4}` : '']
    .filter(Boolean)
    .join(' ')
    .slice(0, 100);
}

/** What Monobank's app calls a jar in each language: "Банка" in Ukrainian. */
const JAR_WORD: Record<AppLocale, string> = { en: 'Jar', uk: 'Банка' };

/** "Банка · На море": the jar's title after the word for a jar in the person's language. */
export function jarName(jar: MonobankJar, locale: AppLocale): string {
  return `${JAR_WORD[locale]} · ${jar.title.trim() || 'Monobank'}`.slice(0, 100);
}

export function cardCategory(card: MonobankCard): AccountCategory {
  return CREDIT_CARD_TYPES.has(card.type) || card.creditLimit > 0 ? 'credit-card' : 'current-account';
}

interface Holder {
  externalId: string;
  kind: 'card' | 'jar';
  currencyNumber: number;
  balance: number;
  creditLimit: number;
  name(currencyCode: string): string;
  category: AccountCategory;
}

function holdersOf(info: MonobankClientInfo, locale: AppLocale): Holder[] {
  return [
    ...info.accounts.map(
      (card): Holder => ({
        externalId: card.id,
        kind: 'card',
        currencyNumber: card.currencyCode,
        balance: card.balance,
        creditLimit: card.creditLimit,
        name: (code) => cardName(card, code),
        category: cardCategory(card),
      }),
    ),
    ...info.jars.map(
      (jar): Holder => ({
        externalId: jar.id,
        kind: 'jar',
        currencyNumber: jar.currencyCode,
        balance: jar.balance,
        creditLimit: 0,
        name: () => jarName(jar, locale),
        category: 'saving',
      }),
    ),
  ];
}

/**
 * Brings the accounts in line with client-info read at `now`: a new card or jar becomes an account
 * (one the person kept from an earlier pairing is taken up again; one they deleted stays away), a known one takes the bank's
 * balance and credit limit — unless the bank already stated a later balance (an item newer than
 * this reading, and not dated further ahead than a webhook item may be: a balance stated "from
 * 2100" is made up, and only the bank's own figure can correct it). Answers the ids of the bank's
 * accounts, new ones included.
 */
export async function syncBankAccounts(
  db: Database,
  log: FastifyBaseLogger,
  userId: number,
  info: MonobankClientInfo,
  now: Date,
): Promise<number[]> {
  const known = new Map((await selectBankAccounts(db, userId)).map((row) => [row.externalId, row]));
  const deleted = await selectDeletedExternalIds(db, userId);
  const ids: number[] = [];
  // A new account is named in the person's language; one already made keeps its name.
  const locale = appLocale((await getSettings(db, userId)).locale);
  for (const holder of holdersOf(info, locale)) {
    if (deleted.has(holder.externalId)) continue;
    const account = known.get(holder.externalId);
    if (account) {
      await db.transaction(async (tx) => {
        await lockLedgerAccounts(tx, userId, [account.accountId]);
        const anchor = await lockAnchor(tx, account.accountId);
        const anchoredAt = anchor?.anchoredAt.getTime() ?? 0;
        const newer = anchor && anchoredAt > now.getTime() && anchoredAt <= now.getTime() + WEBHOOK_FUTURE_TOLERANCE_MS;
        const balance = newer ? anchor.anchorBalance : holder.balance;
        if (!newer)
          await updateAnchor(tx, account.accountId, {
            anchorBalance: holder.balance,
            anchoredAt: now,
            anchorItemId: null,
          });
        await setBankFigures(tx, userId, account.accountId, {
          currentBalance: balance,
          creditLimit: holder.creditLimit,
        });
      });
      ids.push(account.accountId);
      continue;
    }
    const currency = await selectCurrencyByNumber(db, holder.currencyNumber);
    if (!currency || !isOffered(currency)) {
      log.warn({ currencyNumber: holder.currencyNumber }, 'a Monobank account in a currency Kopiyka cannot hold');
      continue;
    }
    const id = await db.transaction(async (tx) => {
      const created = await createBankAccount(tx, userId, {
        name: holder.name(currency.code),
        currencyId: currency.id,
        accountCategory: holder.category,
        currentBalance: holder.balance,
        creditLimit: holder.creditLimit,
        externalId: holder.externalId,
        createdAt: now,
      });
      await insertBankAccountLink(tx, {
        accountId: created,
        userId,
        externalId: holder.externalId,
        kind: holder.kind,
        anchorBalance: holder.balance,
        anchoredAt: now,
      });
      return created;
    });
    ids.push(id);
  }
  return ids;
}
