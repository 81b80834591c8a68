import { useMemo, useState } from 'react';
import { OptionList } from '../../../components/option-list.tsx';
import type { FieldControlProps } from '../../../components/ui/form-field.tsx';
import { PickerButton } from '../../../components/ui/picker-button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { useLocale, useT } from '../../../lib/i18n.ts';
import { currentZoneName, searchTimeZones, type TimeZoneChoice, timeZoneChoices } from '../../../lib/time-zones.ts';

/** "Київ, Україна" or "Нью-Йорк": the city, and the country where Intl names one. */
const placeName = (choice: TimeZoneChoice) => [choice.city, choice.region].filter(Boolean).join(', ');

/** The zones on offer in the current language (their offsets as of now), and how to name one in a sentence. */
export function useTimeZoneChoices(saved: string) {
  const locale = useLocale();
  const choices = useMemo(() => timeZoneChoices(locale, saved, new Date()), [locale, saved]);
  const describe = (zone: string) => {
    const choice = choices.find((item) => item.zone === currentZoneName(zone));
    return choice ? `${placeName(choice)} (${choice.offset})` : zone;
  };
  return { choices, describe };
}

type TimeZonePickerProps = Partial<FieldControlProps> & {
  value: string;
  choices: readonly TimeZoneChoice[];
  onChange: (zone: string) => void;
  disabled?: boolean;
};

/** A field-like button opening a searchable list of zones: by city, country, offset or IANA name. */
export function TimeZonePicker({ value, choices, onChange, disabled, ...control }: TimeZonePickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const t = useT();
  const current = currentZoneName(value);
  const chosen = choices.find((choice) => choice.zone === current);
  // Options are named by their place in the whole list, which never changes while it is open.
  const options = useMemo(
    () =>
      searchTimeZones(choices, query).map((choice) => ({
        id: choices.indexOf(choice),
        label: placeName(choice),
        detail: choice.offset,
      })),
    [choices, query],
  );
  return (
    <Popover
      open={open && !disabled}
      onOpenChange={(next) => {
        setOpen(next);
        setQuery('');
      }}
    >
      <PopoverTrigger asChild>
        <PickerButton disabled={disabled} {...control}>
          <span className="min-w-0 flex-1 truncate">{chosen ? placeName(chosen) : value}</span>
          {chosen ? <span className="shrink-0 text-muted-foreground tabular-nums">{chosen.offset}</span> : null}
        </PickerButton>
      </PopoverTrigger>
      <PopoverContent aria-label={t('settings.timeZone.list')}>
        <OptionList
          options={options}
          query={query}
          onQueryChange={setQuery}
          selected={chosen ? [choices.indexOf(chosen)] : []}
          onSelect={(index) => {
            const choice = choices[index];
            setOpen(false);
            if (choice && choice.zone !== value) onChange(choice.zone);
          }}
          label={t('settings.timeZone.list')}
          searchPlaceholder={t('settings.timeZone.search')}
          emptyText={t('settings.timeZone.noMatch', { query: query.trim() })}
        />
      </PopoverContent>
    </Popover>
  );
}
