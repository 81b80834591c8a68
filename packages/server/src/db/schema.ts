import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  // Usernames are unique regardless of case (product notes).
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** ISO 4217 reference list, seeded at start-up. */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 3 }).notNull().unique(),
  name: text('name').notNull(),
  number: smallint('number').notNull(),
  digits: smallint('digits').notNull(),
});

export const userCurrencies = pgTable(
  'user_currencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    isBase: boolean('is_base').notNull().default(false),
    liveRateUpdate: boolean('live_rate_update').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_currencies_user_currency_key').on(t.userId, t.currencyId),
    // At most one base currency per user, enforced by the database itself.
    uniqueIndex('user_currencies_one_base_key').on(t.userId).where(sql`${t.isBase}`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 200 }).notNull(),
    color: varchar('color', { length: 7 }).notNull(),
    icon: varchar('icon', { length: 64 }),
    type: varchar('type', { length: 16, enum: ['custom', 'internal'] })
      .notNull()
      .default('custom'),
    createdAt: createdAt(),
  },
  (t) => [
    index('categories_user_id_idx').on(t.userId),
    index('categories_parent_id_idx').on(t.parentId),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('no action'),
  ],
);

export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  locale: varchar('locale', { length: 35 }).notNull().default('en'),
  excludedCategoryIds: integer('excluded_category_ids').array().notNull().default(sql`'{}'::integer[]`),
});
