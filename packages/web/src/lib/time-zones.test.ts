import { describe, expect, it } from 'vitest';
import { currentZoneName, searchTimeZones, timeZoneChoices } from './time-zones.ts';

// Winter: Kyiv is two hours ahead of UTC, New York five behind.
const WINTER = new Date('2026-01-15T12:00:00Z');

describe('time zone choices', () => {
  const ukrainian = timeZoneChoices('uk', 'Europe/Kiev', WINTER);
  const english = timeZoneChoices('en', 'Europe/Kiev', WINTER);
  const found = (query: string, choices = ukrainian) => searchTimeZones(choices, query).map((choice) => choice.zone);

  it('offers Kyiv under its current name only, with its city, country and offset in the language shown', () => {
    expect(ukrainian.filter((choice) => /Kiev|Kyiv/.test(choice.zone))).toHaveLength(1);
    expect(ukrainian.find((choice) => choice.zone === 'Europe/Kyiv')).toMatchObject({
      city: 'Київ',
      region: 'Україна',
      offset: 'UTC+02:00',
    });
    expect(english.find((choice) => choice.zone === 'Europe/Kyiv')).toMatchObject({ city: 'Kyiv', region: 'Ukraine' });
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
  });

  it('names in Ukrainian the cities of countries with several zones too', () => {
    expect(ukrainian.find((choice) => choice.zone === 'America/New_York')).toMatchObject({
      city: 'Нью-Йорк',
      offset: 'UTC−05:00',
    });
    expect(found('нью')).toContain('America/New_York');
  });

  it('finds a zone by its city or country in either language, by an old or new IANA name', () => {
    for (const query of ['київ', 'Kyiv', 'kiev', 'Україна', 'ukraine', 'europe/kyiv']) {
      expect(found(query)).toContain('Europe/Kyiv');
    }
    expect(found('new york', english)).toEqual(['America/New_York']);
    expect(found('Київ', english)).toEqual(['Europe/Kyiv']);
  });

  it('finds the zones of an offset however it is written, and only those', () => {
    for (const query of ['+2', 'UTC+02:00', 'gmt+2']) expect(found(query)).toContain('Europe/Kyiv');
    expect(found('+2').every((zone) => ukrainian.find((choice) => choice.zone === zone)?.offsetMinutes === 120)).toBe(
      true,
    );
    expect(found('+5:30')).toContain('Asia/Kolkata');
    expect(found('−5')).toContain('America/New_York');
  });

  it('goes west to east', () => {
    const offsets = ukrainian.map((choice) => choice.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});
