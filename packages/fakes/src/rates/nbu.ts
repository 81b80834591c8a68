/**
 * The National Bank of Ukraine's exchange-rate endpoints (bank.gov.ua), as described in
 * shared/reference/external-apis.md §3.1.
 */
import { type Answer, escapeXml, htmlAnswer, jsonAnswer, notFoundPage, xmlAnswer } from '../answer.ts';
import { nbuCurrency } from './currencies.ts';
import type { DailyRates } from './data.ts';
import { parseCompactDay, previousWeekday, toNbuDate, zonedDayAndHour } from './dates.ts';
import { daysInRange } from './table.ts';

export const NBU_TIME_ZONE = 'Europe/Kyiv';
/** NBU publishes the next business day's rates (and the weekend's) by 16:00 Kyiv time. */
export const NBU_PUBLISH_HOUR = 16;
export const NBU_WRONG_PARAMETERS = 'Wrong parameters format';

export const NBU_PATHS = {
  exchange: '/NBUStatService/v1/statdirectory/exchange',
  exchangeNew: '/NBUStatService/v1/statdirectory/exchangenew',
  exchangeSite: '/NBU_Exchange/exchange_site',
} as const;

export function isNbuPath(pathname: string): boolean {
  return pathname.startsWith('/NBUStatService/') || pathname.startsWith('/NBU_Exchange/');
}

type Item = Record<string, string | number | null>;

/**
 * bank.gov.ua sits behind Cloudflare, which answers 403 to default library user agents
 * (external-apis.md §3.1). Browsers, and clients that name themselves like Kopiyka does, pass.
 */
const ALLOWED_USER_AGENT = /^(Mozilla\/5\.0 \(|Kopiyka\/)/;

export function nbuBlocksUserAgent(userAgent: string | undefined): boolean {
  return !ALLOWED_USER_AGENT.test(userAgent ?? '');
}

/** Cloudflare's block page (HTML, status 403), as a bot-like client gets it. */
export function nbuBotBlockPage(): Answer {
  return htmlAnswer(
    403,
    '<!DOCTYPE html>\n<html lang="en-US"><head><title>Attention Required! | Cloudflare</title></head>' +
      '<body><h1>Sorry, you have been blocked</h1><h2>You are unable to access bank.gov.ua</h2></body></html>\n',
  );
}

interface Clock {
  /** Today in Kyiv. */
  today: string;
  hour: number;
}

/** The rate of day D is fixed on the weekday before D and published at 16:00 Kyiv that day. */
function isPublished(day: string, clock: Clock): boolean {
  const fixedOn = previousWeekday(day);
  return fixedOn < clock.today || (fixedOn === clock.today && clock.hour >= NBU_PUBLISH_HOUR);
}

/** Currencies of a day, in NBU's order (by ISO numeric code), optionally just one. */
function currenciesOf(row: Record<string, number>, valcode: string | undefined): [string, number][] {
  return Object.entries(row)
    .filter(([code]) => valcode === undefined || code === valcode)
    .sort(([a], [b]) => nbuCurrency(a).r030 - nbuCurrency(b).r030 || a.localeCompare(b));
}

function render(items: Item[], json: boolean): Answer {
  if (json) return jsonAnswer(200, JSON.stringify(items));
  const currencies = items.map((item) => {
    const fields = Object.entries(item).map(([key, value]) => {
      if (value === null) return `<${key}/>`;
      return `<${key}>${escapeXml(String(value))}</${key}>`;
    });
    return `<currency>\r\n${fields.join('\r\n')}\r\n</currency>`;
  });
  const body = currencies.length === 0 ? '<exchange/>' : `<exchange>\r\n${currencies.join('\r\n')}\r\n</exchange>`;
  return xmlAnswer(200, `<?xml version="1.0" encoding="utf-8"?>\r\n${body}\r\n`);
}

/** What NBU answers (with status 200) to a date it cannot read. Observed in client code, not documented. */
function wrongParameters(json: boolean): Answer {
  if (json) return jsonAnswer(200, JSON.stringify([{ message: NBU_WRONG_PARAMETERS }]));
  return xmlAnswer(
    200,
    `<?xml version="1.0" encoding="utf-8"?>\r\n<exchange>\r\n<message>${NBU_WRONG_PARAMETERS}</message>\r\n</exchange>\r\n`,
  );
}

/** `…/statdirectory/exchange[?json][&date=YYYYMMDD][&valcode=EUR]` */
function exchange(params: URLSearchParams, table: DailyRates, clock: Clock, json: boolean): Answer {
  const dateParam = params.get('date');
  const day = dateParam === null ? clock.today : parseCompactDay(dateParam);
  if (day === null) return wrongParameters(json);
  const row = table.get(day);
  if (!row || !isPublished(day, clock)) return render([], json);
  const valcode = params.get('valcode')?.trim().toUpperCase() || undefined;
  const items = currenciesOf(row, valcode).map(([code, rate]) => {
    const { r030, txt } = nbuCurrency(code);
    return { r030, txt, rate, cc: code, exchangedate: toNbuDate(day), special: null };
  });
  return render(items, json);
}

/** `/NBU_Exchange/exchange_site?start=YYYYMMDD&end=YYYYMMDD[&valcode=usd][&sort=exchangedate&order=asc|desc][&json]` */
function exchangeSite(params: URLSearchParams, table: DailyRates, clock: Clock, json: boolean): Answer {
  const start = parseCompactDay(params.get('start') ?? '');
  const end = parseCompactDay(params.get('end') ?? '');
  if (start === null || end === null) return wrongParameters(json);
  const valcode = params.get('valcode')?.trim().toUpperCase() || undefined;
  const days = daysInRange(table, start, end).filter((day) => isPublished(day, clock));
  if (params.get('order')?.toLowerCase() === 'desc') days.reverse();
  const items = days.flatMap((day) =>
    currenciesOf(table.get(day) ?? {}, valcode).map(([code, rate]) => {
      const { r030, txt, enname, group } = nbuCurrency(code);
      return {
        exchangedate: toNbuDate(day),
        r030,
        cc: code,
        txt,
        enname,
        rate,
        units: 1,
        rate_per_unit: rate,
        group,
        calcdate: toNbuDate(previousWeekday(day)),
      };
    }),
  );
  return render(items, json);
}

/** Answers a request to one of NBU's paths. `now` decides "today" (in Kyiv) and what is published yet. */
export function nbuAnswer(url: URL, table: DailyRates, now: Date): Answer {
  const { day: today, hour } = zonedDayAndHour(now, NBU_TIME_ZONE);
  const clock = { today, hour };
  const json = url.searchParams.has('json');
  switch (url.pathname) {
    case NBU_PATHS.exchange:
    case NBU_PATHS.exchangeNew:
      return exchange(url.searchParams, table, clock, json);
    case NBU_PATHS.exchangeSite:
      return exchangeSite(url.searchParams, table, clock, json);
    default:
      return notFoundPage();
  }
}

/** The body of an NBU answer in `empty` mode. */
export function nbuEmpty(url: URL): Answer {
  return render([], url.searchParams.has('json'));
}
