/**
 * Rules over rows already in the ledger: the preview of a rule being written, and a rule applied on
 * demand (docs/decisions.md "Rules"). Only rows that arrived from a bank or a file are looked at;
 * rows entered by hand keep what the person chose. Matching is rules.ts's, as for arriving rows.
 */
import {
  type ApplyRuleResult,
  foldRuleRow,
  RULE_APPLY_SAMPLE,
  RULE_PREVIEW_ROWS,
  type Rule,
  type RulePreview,
  type RuleRow,
  ruleMatcher,
  TRANSACTION_TAGS_MAX,
} from '@kopiyka/shared';
import type { Database } from '../../db/client.ts';
import {
  bulkSkipReason,
  ChangedMeanwhile,
  type RowsChange,
  type TransactionRow,
  transactionViews,
  writeRowsChange,
} from '../transactions/index.ts';
import {
  narrowingOf,
  type PastCursor,
  type PastRow,
  type StoredRule,
  selectNewestPast,
  selectPastPage,
} from './queries.ts';
import { referencesHold } from './references.ts';

/** Past rows read per query while a rule is applied. */
const PAGE_ROWS = 5_000;

/**
 * What a rule looks at on a past row, as it looked when the row arrived: the bank's or the file's
 * text and MCC, kept beside the row (a row a file brought in before they were kept has its note as
 * its text, and no MCC), and the row's note, amount, account and type as they are now.
 */
function ruleRowOf({ row, description, mcc }: Pick<PastRow, 'row' | 'description' | 'mcc'>): RuleRow {
  return {
    description: description ?? row.note,
    note: row.note,
    amount: row.amount,
    accountId: row.accountId,
    mcc,
    transactionType: row.transactionType,
  };
}

export async function previewRule(
  db: Database,
  userId: number,
  rule: Pick<Rule, 'match' | 'conditions'>,
): Promise<RulePreview> {
  const matches = ruleMatcher(rule);
  const rows = await selectNewestPast(db, userId, RULE_PREVIEW_ROWS);
  const matched = rows.filter((past) => matches(foldRuleRow(ruleRowOf(past))));
  const sample = matched.slice(0, RULE_APPLY_SAMPLE).map((past) => past.row.id);
  return { looked: rows.length, matched: matched.length, sample: await transactionViews(db, userId, sample) };
}

/**
 * What a rule's actions change on the rows it matched, as the bulk edit writes it: the category
 * on all but the rows bulkSkipReason spares (a leg of a transfer between accounts, a split row)
 * and those in it already; the note where it differs; the tags a row lacks, as many as it has room
 * for (TRANSACTION_TAGS_MAX). Answers the rows that change beside the change.
 */
function changeOf(rule: StoredRule, matched: PastRow[]): { rows: TransactionRow[]; change: RowsChange } {
  const action = <T extends Rule['actions'][number]['type']>(type: T) =>
    rule.actions.find((a): a is Extract<Rule['actions'][number], { type: T }> => a.type === type);
  const category = action('setCategory')?.categoryId;
  const note = action('setNote')?.note;
  const tagIds = action('addTags')?.tagIds ?? [];
  const recategorised: number[] = [];
  const renoted: number[] = [];
  const tagged = new Map<string, { tagIds: number[]; ids: number[] }>();
  const rows: TransactionRow[] = [];
  for (const past of matched) {
    const { row } = past;
    let changes = false;
    if (category !== undefined && row.categoryId !== category && !bulkSkipReason(row, 'category')) {
      recategorised.push(row.id);
      changes = true;
    }
    if (note !== undefined && row.note !== note) {
      renoted.push(row.id);
      changes = true;
    }
    const room = Math.max(0, TRANSACTION_TAGS_MAX - past.tagIds.length);
    const adding = tagIds.filter((id) => !past.tagIds.includes(id)).slice(0, room);
    if (adding.length > 0) {
      const key = adding.join(',');
      const group = tagged.get(key) ?? { tagIds: adding, ids: [] };
      group.ids.push(row.id);
      tagged.set(key, group);
      changes = true;
    }
    if (changes) rows.push(row);
  }
  return {
    rows,
    change: {
      category: category === undefined ? undefined : { categoryId: category, ids: recategorised },
      note: note === undefined ? undefined : { note, ids: renoted },
      addTags: [...tagged.values()],
    },
  };
}

/**
 * Runs a rule over the user's bank and imported rows (on their local days `from`–`to` when given):
 * every row its conditions match is counted and the newest RULE_APPLY_SAMPLE shown as they are;
 * unless it is a dry run, the actions are written on the rows they change in one database
 * transaction, locked as the bulk edit locks them. A row that no longer matches once locked, or a
 * category or tag of the rule gone meanwhile, starts the run over (ChangedMeanwhile).
 */
export async function applyRule(
  db: Database,
  userId: number,
  rule: StoredRule,
  { dryRun, from, to }: { dryRun: boolean; from?: string; to?: string },
): Promise<ApplyRuleResult> {
  const matches = ruleMatcher(rule);
  const narrowing = narrowingOf(rule.match, rule.conditions);
  const matched: PastRow[] = [];
  for (let after: PastCursor | undefined; ; ) {
    const page = await selectPastPage(db, userId, { from, to }, narrowing, after, PAGE_ROWS);
    for (const past of page) if (matches(foldRuleRow(ruleRowOf(past)))) matched.push(past);
    if (page.length < PAGE_ROWS) break;
    const last = page.at(-1)!;
    after = { time: last.cursorTime, id: last.row.id };
  }
  // Read in (time, id) order: the newest are last.
  const newest = matched.slice(-RULE_APPLY_SAMPLE).reverse();
  const sample = await transactionViews(
    db,
    userId,
    newest.map((past) => past.row.id),
  );
  const result = { matched: matched.length, changed: 0, sample };
  if (dryRun) return result;
  const { rows, change } = changeOf(rule, matched);
  if (rows.length === 0) return result;
  const read = new Map(matched.map((past) => [past.row.id, past]));
  await db.transaction(async (tx) => {
    // What the rule names is locked first, as its deletion locks it before the rows it moves.
    if (!(await referencesHold(tx, userId, rule))) throw new ChangedMeanwhile();
    await writeRowsChange(tx, userId, rows, {
      ...change,
      async checked(_within, locked) {
        for (const row of locked) {
          if (!matches(foldRuleRow(ruleRowOf({ ...read.get(row.id)!, row })))) throw new ChangedMeanwhile();
        }
      },
    });
  });
  return { ...result, changed: rows.length };
}
