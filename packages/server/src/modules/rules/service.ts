import {
  type ApplyRuleResult,
  type BackupDocument,
  compileRules,
  type NewRule,
  RULES_MAX,
  type Rule,
  type RuleChanges,
  type RuleOutcome,
  type RulePreview,
  type RuleRow,
} from '@kopiyka/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { notFound, refusal, validationError } from '../../lib/errors.ts';
import { onFreshRows } from '../transactions/index.ts';
import { applyRule, previewRule } from './past-rows.ts';
import {
  countRules,
  deleteAllRules,
  deleteRules,
  insertRule,
  insertRules,
  lockUserRules,
  type StoredRule,
  selectRule,
  selectRules,
  setPositions,
  updateRule,
} from './queries.ts';
import { assertOwnReferences } from './references.ts';

export interface RulesService {
  /** The caller's rules in the order they run. */
  list(userId: number): Promise<Rule[]>;
  /** A new rule runs after the others; at most RULES_MAX a person. */
  create(userId: number, body: NewRule): Promise<Rule>;
  update(userId: number, id: number, body: RuleChanges): Promise<Rule>;
  remove(userId: number, id: number): Promise<void>;
  /** The order the rules run in: every one of the caller's rules, once each. */
  order(userId: number, ids: number[]): Promise<Rule[]>;
  /** Which of the newest bank and imported rows the conditions of a rule being written match. */
  preview(userId: number, body: Pick<NewRule, 'match' | 'conditions'>): Promise<RulePreview>;
  /** Runs a rule (enabled or not) over past bank and imported rows; a dry run changes nothing. */
  apply(userId: number, id: number, body: { dryRun: boolean; from?: string; to?: string }): Promise<ApplyRuleResult>;
}

/** A stored rule as the API answers it: its conditions and actions are kept as the contract checked them. */
export const toRule = (row: StoredRule): Rule => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  position: row.position,
  match: row.match,
  conditions: row.conditions,
  actions: row.actions,
});

async function getRule(db: Executor, userId: number, id: number): Promise<StoredRule> {
  const rule = await selectRule(db, userId, id);
  if (!rule) throw notFound('Rule');
  return rule;
}

export function createRulesService(db: Database): RulesService {
  const list = async (userId: number) => (await selectRules(db, userId)).map(toRule);

  return {
    list,

    create(userId, body) {
      return db.transaction(async (tx) => {
        // What the rule names is locked before the rules are, as a deletion of it locks them.
        await assertOwnReferences(tx, userId, body.conditions, body.actions);
        await lockUserRules(tx, userId);
        const count = await countRules(tx, userId);
        if (count >= RULES_MAX) throw refusal('VALIDATION_ERROR', 'body', 'rules.tooMany', { max: RULES_MAX });
        return toRule(await insertRule(tx, { userId, ...body, position: count }));
      });
    },

    update(userId, id, body) {
      return db.transaction(async (tx) => {
        await getRule(tx, userId, id);
        await assertOwnReferences(tx, userId, body.conditions, body.actions);
        await lockUserRules(tx, userId);
        const updated = await updateRule(tx, userId, id, body);
        if (!updated) throw notFound('Rule');
        return toRule(updated);
      });
    },

    async remove(userId, id) {
      await db.transaction(async (tx) => {
        await lockUserRules(tx, userId);
        const all = await selectRules(tx, userId);
        if (!all.some((rule) => rule.id === id)) throw notFound('Rule');
        await deleteRules(tx, userId, [id]);
        await setPositions(
          tx,
          userId,
          all.filter((rule) => rule.id !== id).map((rule) => rule.id),
        );
      });
    },

    async order(userId, ids) {
      await db.transaction(async (tx) => {
        await lockUserRules(tx, userId);
        const own = new Set((await selectRules(tx, userId)).map((rule) => rule.id));
        // Each of the caller's rules exactly once: another user's id counts as none of theirs.
        if (ids.length !== own.size || new Set(ids).size !== ids.length || !ids.every((id) => own.has(id))) {
          throw validationError('ids', 'rules.orderIds');
        }
        await setPositions(tx, userId, ids);
      });
      return list(userId);
    },

    preview: (userId, body) => previewRule(db, userId, body),

    apply: (userId, id, body) =>
      // Started over from a fresh read (of the rule too) when the rows or what the rule names changed meanwhile.
      onFreshRows(async () => applyRule(db, userId, await getRule(db, userId, id), body)),
  };
}

// For other modules: each takes the executor first, so it joins the caller's transaction.

/**
 * The user's enabled rules, compiled once for every row of an arriving batch (a bank page, a
 * webhook item, a file's rows): what they set on a row, the first rule to set a field winning it.
 * Without rules, no row's text is even folded.
 */
export async function rulesForArrivals(db: Executor, userId: number): Promise<(row: RuleRow) => RuleOutcome> {
  const enabled = await selectRules(db, userId, true);
  if (enabled.length === 0) return () => ({ tagIds: [], ruleIds: [] });
  return compileRules(enabled.map(toRule));
}

/** The user's rules, for a backup. */
export async function listRules(db: Executor, userId: number): Promise<Rule[]> {
  return (await selectRules(db, userId)).map(toRule);
}

/** What a backup's ids became once restored. */
export interface RestoredIds {
  accounts: ReadonlyMap<number, number>;
  categories: ReadonlyMap<number, number>;
  tags: ReadonlyMap<number, number>;
}

type BackupRule = BackupDocument['rules'][number];

/** A backup's rule with the ids it names made the restored ones (the document's checks found them all). */
function restoredRule(rule: BackupRule, ids: RestoredIds): Pick<Rule, 'conditions' | 'actions'> {
  const account = (id: number) => ids.accounts.get(id)!;
  return {
    conditions: rule.conditions.map((condition) => {
      if (condition.field !== 'accountId') return condition;
      return condition.op === 'in'
        ? { ...condition, value: condition.value.map(account) }
        : { ...condition, value: account(condition.value) };
    }),
    actions: rule.actions.map((action) => {
      if (action.type === 'setCategory') return { ...action, categoryId: ids.categories.get(action.categoryId)! };
      if (action.type === 'addTags') return { ...action, tagIds: action.tagIds.map((id) => ids.tags.get(id)!) };
      return action;
    }),
  };
}

/**
 * A backup's rules take the place of the user's (inside the restore's transaction, whose categories
 * replaced theirs), in the document's order, naming what the restore made.
 */
export async function replaceRules(
  tx: Transaction,
  userId: number,
  backupRules: readonly BackupRule[],
  ids: RestoredIds,
): Promise<void> {
  await lockUserRules(tx, userId);
  await deleteAllRules(tx, userId);
  const ordered = [...backupRules].sort((a, b) => a.position - b.position);
  await insertRules(
    tx,
    ordered.map((rule, position) => ({
      userId,
      name: rule.name,
      enabled: rule.enabled,
      match: rule.match,
      ...restoredRule(rule, ids),
      position,
    })),
  );
}
