import type { AppLocale } from '@kopiyka/shared';

/**
 * Zones IANA renamed or merged that browsers still list (or report) under the old name: the new
 * name is the one offered and saved. A zone saved under an old name keeps working (the server and
 * every browser know both), it is only shown as its new self.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
};

/** The zone's current IANA name: "Europe/Kyiv" for "Europe/Kiev". */
export function currentZoneName(zone: string): string {
  return RENAMED_ZONES[zone] ?? zone;
}

/**
 * Ukrainian city names. Intl has no API for them: it names a zone by its country where the country
 * has one zone ("час: Україна"), and by its city where it has several ("час: Нью-Йорк"), though
 * Chromium's trimmed data gives those cities in English. So these are ours: the zones people here
 * most often live in or travel to. Any other city keeps its IANA spelling.
 */
const UKRAINIAN_CITIES: Readonly<Record<string, string>> = {
  'Europe/Kyiv': 'Київ',
  'Europe/Warsaw': 'Варшава',
  'Europe/Berlin': 'Берлін',
  'Europe/London': 'Лондон',
  'Europe/Paris': 'Париж',
  'Europe/Rome': 'Рим',
  'Europe/Madrid': 'Мадрид',
  'Europe/Lisbon': 'Лісабон',
  'Europe/Vienna': 'Відень',
  'Europe/Prague': 'Прага',
  'Europe/Bratislava': 'Братислава',
  'Europe/Budapest': 'Будапешт',
  'Europe/Bucharest': 'Бухарест',
  'Europe/Chisinau': 'Кишинів',
  'Europe/Minsk': 'Мінськ',
  'Europe/Vilnius': 'Вільнюс',
  'Europe/Riga': 'Рига',
  'Europe/Tallinn': 'Таллінн',
  'Europe/Helsinki': 'Гельсінкі',
  'Europe/Stockholm': 'Стокгольм',
  'Europe/Oslo': 'Осло',
  'Europe/Copenhagen': 'Копенгаген',
  'Europe/Amsterdam': 'Амстердам',
  'Europe/Brussels': 'Брюссель',
  'Europe/Zurich': 'Цюрих',
  'Europe/Dublin': 'Дублін',
  'Europe/Athens': 'Афіни',
  'Europe/Sofia': 'Софія',
  'Europe/Belgrade': 'Белград',
  'Europe/Zagreb': 'Загреб',
  'Europe/Ljubljana': 'Любляна',
  'Europe/Istanbul': 'Стамбул',
  'Asia/Tbilisi': 'Тбілісі',
  'Asia/Yerevan': 'Єреван',
  'Asia/Baku': 'Баку',
  'Asia/Jerusalem': 'Єрусалим',
  'Asia/Dubai': 'Дубай',
  'Asia/Kolkata': 'Колката',
  'Asia/Bangkok': 'Бангкок',
  'Asia/Singapore': 'Сінгапур',
  'Asia/Shanghai': 'Шанхай',
  'Asia/Seoul': 'Сеул',
  'Asia/Tokyo': 'Токіо',
  'Africa/Cairo': 'Каїр',
  'Europe/Moscow': 'Москва',
  'Europe/Simferopol': 'Сімферополь',
  'Europe/Luxembourg': 'Люксембург',
  'Europe/Monaco': 'Монако',
  'Europe/Malta': 'Мальта',
  'Europe/Vaduz': 'Вадуц',
  'Europe/Vatican': 'Ватикан',
  'Europe/Sarajevo': 'Сараєво',
  'Europe/Skopje': 'Скоп’є',
  'Europe/Podgorica': 'Подгориця',
  'Europe/Tirane': 'Тирана',
  'Asia/Nicosia': 'Нікосія',
  'Atlantic/Reykjavik': 'Рейк’явік',
  'Asia/Almaty': 'Алмати',
  'Asia/Tashkent': 'Ташкент',
  'Asia/Tehran': 'Тегеран',
  'Asia/Riyadh': 'Ер-Ріяд',
  'Asia/Hong_Kong': 'Гонконг',
  'Asia/Jakarta': 'Джакарта',
  'America/New_York': 'Нью-Йорк',
  'America/Chicago': 'Чикаго',
  'America/Denver': 'Денвер',
  'America/Los_Angeles': 'Лос-Анджелес',
  'America/Toronto': 'Торонто',
  'America/Vancouver': 'Ванкувер',
  'America/Mexico_City': 'Мехіко',
  'America/Sao_Paulo': 'Сан-Паулу',
  'America/Buenos_Aires': 'Буенос-Айрес',
  'Australia/Sydney': 'Сідней',
  'Australia/Melbourne': 'Мельбурн',
  'Pacific/Auckland': 'Окленд',
};

/** One zone as the picker offers it. */
export type TimeZoneChoice = {
  /** The IANA name to save, the current one. */
  zone: string;
  /** The city in the language shown: "Київ", "Kyiv". */
  city: string;
  /** The country where Intl names it ("Україна"); empty where it names a city or nothing. */
  region: string;
  /** The offset from UTC right now, in minutes (summer time included). */
  offsetMinutes: number;
  /** "UTC+02:00". */
  offset: string;
  /** Everything a search looks in, lower case: both languages' names, the IANA names. */
  searchText: string;
};

const cityFromZoneName = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

const zoneNamePart = (locale: string, zone: string, style: 'shortGeneric' | 'longOffset', at: Date) =>
  new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/** "GMT+05:30" as minutes east of UTC (330); "GMT" is 0. */
function offsetMinutesOf(longOffset: string): number {
  const match = /([+\-−])(\d{2}):(\d{2})/.exec(longOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '+' ? minutes : -minutes;
}

/**
 * What Intl says a zone's place is in `locale`: the country for a country with one zone
 * ("час: Україна" → region "Україна"), the city for one with several ("час: Нью-Йорк" → city
 * "Нью-Йорк"). The wrapper around the place ("час: {0}", "{0} Time") is learnt from Tokyo, whose
 * country has one zone; the country names come from Intl.DisplayNames.
 */
function placeReader(locale: AppLocale, at: Date) {
  const regionNames = new Intl.DisplayNames([locale], { type: 'region' });
  const japan = regionNames.of('JP') ?? '';
  const [before = '', after = ''] = zoneNamePart(locale, 'Asia/Tokyo', 'shortGeneric', at).split(japan);
  const countries = new Set<string>();
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = regionNames.of(code);
      if (name && name !== code) countries.add(name);
    }
  }
  return (zone: string): { city?: string; region?: string } => {
    const name = zoneNamePart(locale, zone, 'shortGeneric', at);
    if (japan === '' || !name.startsWith(before) || !name.endsWith(after)) return {};
    const place = name.slice(before.length, name.length - after.length);
    return countries.has(place) ? { region: place } : { city: place };
  };
}

/**
 * Every zone the browser knows (and `saved`, even if it does not), under its current name, named
 * in `locale` and ordered west to east, then by city.
 */
export function timeZoneChoices(locale: AppLocale, saved: string, at: Date): TimeZoneChoice[] {
  const zones = new Set([...Intl.supportedValuesOf('timeZone'), saved].map(currentZoneName));
  const placeOf = placeReader(locale, at);
  // The English country too, so "Ukraine" finds Kyiv in Ukrainian as "Україна" does in English.
  const englishPlaceOf = locale === 'en' ? placeOf : placeReader('en', at);
  const aliases = Object.entries(RENAMED_ZONES);
  return [...zones]
    .map((zone) => {
      const place = placeOf(zone);
      const city = (locale === 'uk' ? (UKRAINIAN_CITIES[zone] ?? place.city) : undefined) ?? cityFromZoneName(zone);
      const region = place.region ?? '';
      const offsetMinutes = offsetMinutesOf(zoneNamePart('en', zone, 'longOffset', at));
      const oldNames = aliases.filter(([, current]) => current === zone).map(([old]) => old);
      return {
        zone,
        city,
        region,
        offsetMinutes,
        offset: offsetText(offsetMinutes),
        searchText: [
          city,
          cityFromZoneName(zone),
          UKRAINIAN_CITIES[zone] ?? '',
          region,
          englishPlaceOf(zone).region ?? '',
        ]
          .concat(zone, oldNames)
          .join(' ')
          .toLocaleLowerCase(),
      };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city, locale));
}

/** "UTC+02:00", "UTC−03:30", "UTC". */
function offsetText(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const whole = Math.abs(minutes);
  const hours = String(Math.floor(whole / 60)).padStart(2, '0');
  return `UTC${minutes > 0 ? '+' : '−'}${hours}:${String(whole % 60).padStart(2, '0')}`;
}

/** A search for an offset: "+2", "UTC+02:00", "gmt-3:30", "−5". */
const OFFSET_QUERY = /^(?:utc|gmt)?\s*([+\-−])\s*(\d{1,2})(?::?(\d{2}))?$/;

/**
 * The choices a search finds: by offset when it reads as one ("+2" finds UTC+02:00 exactly), else
 * each whose city, country or IANA name (old or new, in either language's city name) contains it.
 */
export function searchTimeZones(choices: readonly TimeZoneChoice[], query: string): readonly TimeZoneChoice[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return choices;
  const offset = OFFSET_QUERY.exec(needle);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    const wanted = offset[1] === '+' ? minutes : -minutes;
    return choices.filter((choice) => choice.offsetMinutes === wanted);
  }
  const words = needle.replaceAll('_', ' ').split(/\s+/);
  return choices.filter((choice) => {
    const text = choice.searchText.replaceAll('_', ' ');
    return words.every((word) => text.includes(word));
  });
}
