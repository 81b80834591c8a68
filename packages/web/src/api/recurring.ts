import {
  type ConfirmOccurrenceBody,
  type CreateRecurringBody,
  type DismissSuggestionBody,
  endpoints,
  UPCOMING_DAYS_DEFAULT,
  type UpdateRecurringBody,
} from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';
import { occurrenceDecided, recurringChanged, suggestionDismissed } from './invalidation.ts';
import { recurringKeys } from './query-keys.ts';

export function useRecurringList() {
  return useQuery({
    queryKey: recurringKeys.list(),
    queryFn: ({ signal }) => call(endpoints.recurring.list, { signal }),
  });
}

/** What is due and what comes in the next `days` days, with the daily forecast of the total balance. */
export const upcomingQueryOptions = (days: number = UPCOMING_DAYS_DEFAULT) =>
  queryOptions({
    queryKey: recurringKeys.upcoming(days),
    queryFn: ({ signal }) => call(endpoints.recurring.upcoming, { query: { days }, signal }),
  });

export function useUpcoming(days?: number) {
  return useQuery(upcomingQueryOptions(days));
}

export function useRecurringSuggestions() {
  return useQuery({
    queryKey: recurringKeys.suggestions(),
    queryFn: ({ signal }) => call(endpoints.recurring.suggestions, { signal }),
  });
}

export function useCreateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRecurringBody) => call(endpoints.recurring.create, { body }),
    onSuccess: () => recurringChanged(queryClient),
  });
}

export type UpdateRecurringVariables = { id: number; body: UpdateRecurringBody };

export function useUpdateRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateRecurringVariables) => call(endpoints.recurring.update, { params: { id }, body }),
    onSuccess: () => recurringChanged(queryClient),
  });
}

/** The schedule goes; what it recorded stays. */
export function useDeleteRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.recurring.delete, { params: { id } }),
    onSuccess: () => recurringChanged(queryClient),
  });
}

/** An occurrence of a schedule, by the schedule's id and its local day. */
export type OccurrenceVariables = { id: number; date: string };

export function useConfirmOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date, body }: OccurrenceVariables & { body: ConfirmOccurrenceBody }) =>
      call(endpoints.recurring.confirm, { params: { id, date }, body }),
    onSuccess: () => occurrenceDecided(queryClient, { recorded: true }),
  });
}

export function useSkipOccurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date }: OccurrenceVariables) => call(endpoints.recurring.skip, { params: { id, date } }),
    onSuccess: () => occurrenceDecided(queryClient, { recorded: false }),
  });
}

export function useDismissSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DismissSuggestionBody) => call(endpoints.recurring.dismissSuggestion, { body }),
    onSuccess: () => suggestionDismissed(queryClient),
  });
}
