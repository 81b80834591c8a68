import {
  type ApplyRuleBody,
  type CreateRuleBody,
  endpoints,
  type PreviewRuleBody,
  type Rule,
  type UpdateRuleBody,
} from '@kopiyka/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { call } from './client.ts';
import { rulesChanged, transactionsChangedInBulk } from './invalidation.ts';
import { ruleKeys, transactionKeys } from './query-keys.ts';

/**
 * The answer's conditions are in the form the contract checked them in (`Rule`); the response
 * schema only says each value is text, a number or a list of them.
 */
const asRule = (rule: unknown) => rule as Rule;

/** The user's rules in the order they run. They change only through the calls below (and a restore). */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: ruleKeys.list(),
    queryFn: async ({ signal }) => (await call(endpoints.rules.list, { signal })).map(asRule),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export function useRules() {
  return useQuery(rulesQueryOptions());
}

export function useCreateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateRuleBody) => asRule(await call(endpoints.rules.create, { body })),
    onSuccess: () => rulesChanged(queryClient),
  });
}

export type UpdateRuleVariables = { id: number; body: UpdateRuleBody };

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: UpdateRuleVariables) =>
      asRule(await call(endpoints.rules.update, { params: { id }, body })),
    onSuccess: () => rulesChanged(queryClient),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.rules.delete, { params: { id } }),
    onSuccess: () => rulesChanged(queryClient),
  });
}

/** `rules` in the order of `ids`; positions follow. */
export function inOrder(rules: readonly Rule[], ids: readonly number[]): Rule[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  return ids.flatMap((id, position) => {
    const rule = byId.get(id);
    return rule ? [{ ...rule, position }] : [];
  });
}

type OrderVariables = { ids: number[]; before: Rule[] };

/**
 * Sets the order the rules run in at once in the list (optimistic), then sends it: one request
 * after the other (a scope), so the server ends at the last order shown. A refusal puts back the
 * order before that move and calls `onRefused`.
 */
export function useReorderRules(onRefused: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const listKey = rulesQueryOptions().queryKey;
  const mutation = useMutation({
    mutationKey: ruleKeys.order(),
    scope: { id: 'rule-order' },
    mutationFn: ({ ids }: OrderVariables) => call(endpoints.rules.order, { body: { ids } }),
    onSuccess: (rules) => {
      // A later move waiting its turn already shows its order: the last answer settles the list.
      if (queryClient.isMutating({ mutationKey: ruleKeys.order() }) <= 1) {
        queryClient.setQueryData(listKey, rules.map(asRule));
      }
    },
    onError: (error, { before }) => {
      queryClient.setQueryData(listKey, before);
      onRefused(error);
    },
  });
  return (ids: number[]) => {
    const before = queryClient.getQueryData(listKey);
    if (!before) return;
    void queryClient.cancelQueries({ queryKey: listKey });
    queryClient.setQueryData(listKey, inOrder(before, ids));
    mutation.mutate({ ids, before });
  };
}

export type ApplyRuleVariables = { id: number; body: ApplyRuleBody };

/**
 * Runs a rule over past rows. A dry run changes nothing; a real one moves what bulk edits move:
 * the lists, and the figures categories make (statistics, budgets).
 */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: ApplyRuleVariables) => call(endpoints.rules.apply, { params: { id }, body }),
    onSuccess: (result, { body }) =>
      body.dryRun || result.changed === 0 ? undefined : transactionsChangedInBulk(queryClient),
  });
}

/** A dry run of a rule over past rows (how many it matches, the newest of them), asked for each time it is shown. */
export function useRuleDryRun(id: number) {
  return useQuery({
    queryKey: ruleKeys.dryRun(id),
    queryFn: () => call(endpoints.rules.apply, { params: { id }, body: { dryRun: true } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** How long the newest rows matched stay as answered while the editor is open. */
const PREVIEW_FRESH_MS = 30_000;

/**
 * Which of the newest bank and imported rows `body` matches; nothing is asked while it is null
 * (conditions not complete yet). The last answer stays shown while the next one comes.
 */
export function useRulePreview(body: PreviewRuleBody | null) {
  return useQuery({
    queryKey: transactionKeys.rulePreview(body ?? { conditions: [] }),
    queryFn: ({ signal }) => call(endpoints.rules.preview, { body: body ?? { conditions: [] }, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: PREVIEW_FRESH_MS,
  });
}

/** The rules as cached, or asked for once when they are not: for an offer that depends on them. */
export function useLoadRules(): () => Promise<Rule[]> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(rulesQueryOptions());
}
