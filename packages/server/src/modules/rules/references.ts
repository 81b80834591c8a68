/**
 * What a rule names of the person's other data (accounts in its conditions, a category and tags in
 * its actions): it must be theirs when the rule is written, and a rule never keeps pointing at
 * something deleted since (docs/decisions.md "Rules").
 */
import type { RuleAction, RuleCondition } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { validationError } from '../../lib/errors.ts';
import {
  deleteRules,
  lockUserRules,
  type StoredRule,
  selectOwnIds,
  selectRules,
  setPositions,
  updateRule,
} from './queries.ts';

type Kind = 'category' | 'tag' | 'account';
const WHAT: Record<Kind, string> = { category: 'Category', tag: 'Tag', account: 'Account' };

/** Every id a rule's conditions and actions name, with its kind and its place in the body. */
function namedIds(conditions: readonly RuleCondition[] = [], actions: readonly RuleAction[] = []) {
  const named: Array<{ kind: Kind; id: number; path: string }> = [];
  conditions.forEach((condition, index) => {
    if (condition.field !== 'accountId') return;
    const at = `conditions.${index}.value`;
    if (condition.op === 'in') {
      condition.value.forEach((id, place) => {
        named.push({ kind: 'account', id, path: `${at}.${place}` });
      });
    } else named.push({ kind: 'account', id: condition.value, path: at });
  });
  actions.forEach((action, index) => {
    if (action.type === 'setCategory') {
      named.push({ kind: 'category', id: action.categoryId, path: `actions.${index}.categoryId` });
    } else if (action.type === 'addTags') {
      action.tagIds.forEach((id, place) => {
        named.push({ kind: 'tag', id, path: `actions.${index}.tagIds.${place}` });
      });
    }
  });
  return named;
}

/** The first of `named` that is not the user's now (each kind's own ones left key-share locked). */
async function firstForeign(db: Executor, userId: number, named: ReturnType<typeof namedIds>) {
  const own = new Map<Kind, Set<number>>();
  for (const kind of ['account', 'category', 'tag'] as const) {
    const ids = [...new Set(named.filter((n) => n.kind === kind).map((n) => n.id))];
    own.set(kind, await selectOwnIds(db, kind, userId, ids));
  }
  return named.find((n) => !own.get(n.kind)!.has(n.id));
}

/**
 * Refuses a rule naming an account, category or tag that is not the caller's (another user's, or
 * none): 422 VALIDATION_ERROR at its place (`actions.0.categoryId`, `conditions.1.value.2`). What
 * it names stays key-share locked to the end of the caller's transaction, so it cannot be deleted
 * before the rule is stored (and the deletion then finds the rule, below).
 */
export async function assertOwnReferences(
  tx: Executor,
  userId: number,
  conditions?: readonly RuleCondition[],
  actions?: readonly RuleAction[],
): Promise<void> {
  const foreign = await firstForeign(tx, userId, namedIds(conditions, actions));
  if (foreign) throw validationError(foreign.path, 'record.notFound', { what: WHAT[foreign.kind] });
}

/** Whether everything a stored rule names is still the user's (locking it as above). */
export async function referencesHold(tx: Executor, userId: number, rule: StoredRule): Promise<boolean> {
  return (await firstForeign(tx, userId, namedIds(rule.conditions, rule.actions))) === undefined;
}

/** A rule's conditions and actions once something they named is gone; null: the rule goes. */
type Rewrite = (rule: StoredRule) => { conditions: RuleCondition[]; actions: RuleAction[] } | null;

/**
 * Rewrites the user's rules after a deletion (inside its transaction, holding the rules' lock):
 * a rule left with no action, or that can never match again, is deleted and the others close up.
 */
async function rewriteRules(tx: Executor, userId: number, rewrite: Rewrite): Promise<void> {
  await lockUserRules(tx, userId);
  const all = await selectRules(tx, userId);
  const gone: number[] = [];
  for (const rule of all) {
    const next = rewrite(rule);
    if (next === null || next.actions.length === 0 || next.conditions.length === 0) gone.push(rule.id);
    else if (JSON.stringify(next) !== JSON.stringify({ conditions: rule.conditions, actions: rule.actions })) {
      await updateRule(tx, userId, rule.id, next);
    }
  }
  if (gone.length === 0) return;
  await deleteRules(tx, userId, gone);
  await setPositions(
    tx,
    userId,
    all.filter((rule) => !gone.includes(rule.id)).map((rule) => rule.id),
  );
}

/** A category deleted: rules that set it set the one its contents moved to, or lose that action. */
export function rulesAfterCategoryDeleted(tx: Executor, userId: number, id: number, movedTo: number | null) {
  return rewriteRules(tx, userId, ({ conditions, actions }) => ({
    conditions,
    actions: actions.flatMap((action): RuleAction[] => {
      if (action.type !== 'setCategory' || action.categoryId !== id) return [action];
      return movedTo === null ? [] : [{ ...action, categoryId: movedTo }];
    }),
  }));
}

/** A tag deleted: rules stop adding it; an action left adding no tag goes. */
export function rulesAfterTagDeleted(tx: Executor, userId: number, id: number) {
  return rewriteRules(tx, userId, ({ conditions, actions }) => ({
    conditions,
    actions: actions.flatMap((action): RuleAction[] => {
      if (action.type !== 'addTags' || !action.tagIds.includes(id)) return [action];
      const tagIds = action.tagIds.filter((tagId) => tagId !== id);
      return tagIds.length === 0 ? [] : [{ ...action, tagIds }];
    }),
  }));
}

/**
 * An account deleted: an "in" condition stops listing it. A condition left naming no account can
 * never hold: under "any" it goes (the rule matches what it matched before), under "all" the rule
 * can never match again, and goes.
 */
export function rulesAfterAccountDeleted(tx: Executor, userId: number, id: number) {
  return rewriteRules(tx, userId, ({ match, conditions, actions }) => {
    const kept: RuleCondition[] = [];
    for (const condition of conditions) {
      if (condition.field !== 'accountId') kept.push(condition);
      else if (condition.op === 'in') {
        const value = condition.value.filter((accountId) => accountId !== id);
        if (value.length > 0) kept.push({ ...condition, value });
        else if (match === 'all') return null;
      } else if (condition.value !== id) kept.push(condition);
      else if (match === 'all') return null;
    }
    return { conditions: kept, actions };
  });
}
