/**
 * Which category of the default tree a bank item goes to, from its merchant category code (ISO
 * 18245). Common codes are listed by hand; any other code is told apart by its description in
 * the `merchant-category-code` data (airlines, hotels, car rental…); what neither knows is "Other".
 */
import { DEFAULT_CATEGORY_TREE, defaultCategoryKey } from '@kopiyka/shared';
import lookUpMcc from 'merchant-category-code';

const key = (root: string, child?: string) => defaultCategoryKey(root, child);

const FOOD = 'Food & Drinks';
const SHOP = 'Shopping';
const HOME = 'Housing';
const TRANSPORT = 'Transportation';
const VEHICLE = 'Vehicle';
const LIFE = 'Life & Entertainment';
const COMM = 'Communication, PC';
const FINANCE = 'Financial expenses';

export const OTHER_KEY = key('Other');
export const INCOME_KEY = key('Income');
export const REFUNDS_KEY = key('Income', 'Refunds');

/** Codes that move money rather than buy something: never a refund, and an outgoing one is not spending of a kind. */
const MONEY_MOVES = new Set([
  4829, 6010, 6011, 6012, 6050, 6051, 6211, 6529, 6530, 6532, 6533, 6534, 6535, 6536, 6537, 6538, 6540,
]);

/** Whether a code is a transfer or cash rather than a purchase. */
export function isMoneyMove(mcc: number): boolean {
  return MONEY_MOVES.has(mcc);
}

// biome-ignore format: a table, one category a line
const SPENDING: ReadonlyArray<[string, readonly number[]]> = [
  [key(FOOD, 'Groceries'), [5297, 5298, 5300, 5311, 5411, 5422, 5441, 5451, 5462, 5499, 5715]],
  [key(FOOD, 'Restaurants, fast food'), [5811, 5812, 5814]],
  [key(FOOD, 'Bars, cafés'), [5813]],
  [key(SHOP, 'Clothes & shoes'), [5137, 5139, 5611, 5621, 5631, 5651, 5655, 5661, 5681, 5691, 5697, 5698, 5699, 5931]],
  [key(SHOP, 'Jewellery, accessories'), [5094, 5944, 5948, 5949, 5950]],
  [key(SHOP, 'Health & beauty'), [5977, 5976]],
  [key(SHOP, 'Kids'), [5641, 5945]],
  [key(SHOP, 'Home, garden'), [5039, 5072, 5074, 5200, 5211, 5231, 5251, 5261, 5712, 5713, 5714, 5718, 5719, 5722, 5996, 5998]],
  [key(SHOP, 'Pets'), [742, 5995]],
  [key(SHOP, 'Electronics'), [4812, 5044, 5045, 5046, 5065, 5732, 5946]],
  [key(SHOP, 'Gifts'), [5947, 5992, 5193]],
  [key(SHOP, 'Stationery, tools'), [5111, 5943, 5978, 5085]],
  [key(SHOP, 'Free time'), [5940, 5941, 5970, 5971, 5972, 5973, 5733, 5937]],
  [key(SHOP, 'Pharmacy'), [5122, 5912]],
  [key(HOME, 'Rent'), [6513]],
  [key(HOME, 'Energy, utilities'), [4900, 5983]],
  [key(HOME, 'Services'), [7210, 7211, 7216, 7217, 7221, 7251, 7261, 7342, 7349]],
  [key(HOME, 'Maintenance, repairs'), [1520, 1711, 1731, 1740, 1750, 1761, 1771, 1799, 7622, 7623, 7629, 7631, 7641, 7692, 7699]],
  [key(TRANSPORT, 'Public transport'), [4011, 4111, 4131]],
  [key(TRANSPORT, 'Taxi'), [4121]],
  [key(TRANSPORT, 'Long distance'), [4112, 4411, 4457, 4468, 4511, 4582, 4789]],
  [key(VEHICLE, 'Fuel'), [5541, 5542, 5552, 5172]],
  [key(VEHICLE, 'Parking'), [7523, 4784]],
  [key(VEHICLE, 'Vehicle maintenance'), [5013, 5511, 5521, 5531, 5532, 5533, 5571, 5599, 7531, 7534, 7535, 7538, 7542, 7549]],
  [key(VEHICLE, 'Rentals'), [7512, 7513, 7519]],
  [key(LIFE, 'Health care, doctor'), [4119, 5047, 5975, 8011, 8021, 8031, 8041, 8042, 8043, 8044, 8049, 8050, 8062, 8071, 8099]],
  [key(LIFE, 'Wellness, beauty'), [7230, 7297, 7298]],
  [key(LIFE, 'Sport, fitness'), [7941, 7992, 7997]],
  [key(LIFE, 'Culture, events'), [7829, 7832, 7841, 7911, 7922, 7929, 7991, 7996, 7998, 7999]],
  [key(LIFE, 'Hobbies'), [7932, 7933]],
  [key(LIFE, 'Education'), [8211, 8220, 8241, 8244, 8249, 8299, 8351]],
  [key(LIFE, 'Books, audio, subscriptions'), [2741, 5192, 5735, 5815, 5818, 5942, 5994]],
  [key(LIFE, 'TV, streaming'), [4899]],
  [key(LIFE, 'Holidays, trips, hotels'), [4722, 7011, 7012, 7032, 7033]],
  [key(LIFE, 'Charity, gifts'), [8398, 8641, 8661]],
  [key(LIFE, 'Alcohol, tobacco'), [5921, 5993]],
  [key(LIFE, 'Lottery, gambling'), [7800, 7801, 7802, 7995]],
  [key(COMM, 'Phone'), [4813, 4814, 4821]],
  [key(COMM, 'Internet'), [4816]],
  [key(COMM, 'Software, apps, games'), [5734, 5816, 5817]],
  [key(COMM, 'Postal services'), [4214, 4215, 9402]],
  [key(FINANCE, 'Taxes'), [9211, 9311, 9399, 9405]],
  [key(FINANCE, 'Insurance'), [5960, 6300, 6381, 6399]],
  [key(FINANCE, 'Fines'), [9222, 9223]],
  [key(FINANCE, 'Advisory'), [7276, 7392, 8111, 8931, 8999]],
];

const BY_CODE = new Map(SPENDING.flatMap(([category, codes]) => codes.map((code) => [code, category] as const)));

/** For codes the table does not list: words of the code's description in the MCC data, first match wins. */
// biome-ignore format: a table
const BY_DESCRIPTION: ReadonlyArray<[RegExp, string]> = [
  [/airline|air carrier|airport/i, key(TRANSPORT, 'Long distance')],
  [/hotel|motel|resort|lodging/i, key(LIFE, 'Holidays, trips, hotels')],
  [/car rental|truck rental|automobile rental/i, key(VEHICLE, 'Rentals')],
  [/restaurant|eating place|fast food/i, key(FOOD, 'Restaurants, fast food')],
  [/grocery|supermarket|bakeri|dairy/i, key(FOOD, 'Groceries')],
  [/doctor|dentist|medical|hospital|optician|clinic|nursing/i, key(LIFE, 'Health care, doctor')],
  [/insurance/i, key(FINANCE, 'Insurance')],
  [/school|college|universit|education/i, key(LIFE, 'Education')],
  [/clothing|apparel|shoe|wear/i, key(SHOP, 'Clothes & shoes')],
  [/electronic|computer|camera/i, key(SHOP, 'Electronics')],
  [/book|newspaper|magazine|digital goods/i, key(LIFE, 'Books, audio, subscriptions')],
  [/repair|contractor/i, key(HOME, 'Maintenance, repairs')],
  [/service station|fuel|petroleum/i, key(VEHICLE, 'Fuel')],
  [/automotive|auto parts|car wash/i, key(VEHICLE, 'Vehicle maintenance')],
  [/transportation|railway|bus line|ferr/i, key(TRANSPORT, 'Public transport')],
  [/telecommunication|telephone/i, key(COMM, 'Phone')],
  [/government|tax/i, key(FINANCE, 'Taxes')],
  [/theat|amusement|recreation|entertainment/i, key(LIFE, 'Culture, events')],
];

/** The default-tree key an item goes to: spending by its code, income as income (a shop's money back: a refund). */
export function categoryKeyForMcc(mcc: number, income: boolean): string {
  if (income) return MONEY_MOVES.has(mcc) || !lookUpMcc(mcc) ? INCOME_KEY : REFUNDS_KEY;
  if (MONEY_MOVES.has(mcc)) return OTHER_KEY;
  const listed = BY_CODE.get(mcc);
  if (listed) return listed;
  const known = lookUpMcc(mcc);
  if (!known) return OTHER_KEY;
  const text = `${known.irs_description} ${known.edited_description}`;
  return BY_DESCRIPTION.find(([words]) => words.test(text))?.[1] ?? OTHER_KEY;
}

/** The MCC data's name of a code ("Grocery Stores, Supermarkets"), when it has one. */
export function mccName(mcc: number): string | undefined {
  return lookUpMcc(mcc)?.edited_description;
}

/** Every key of the default tree, for checking the tables against it. */
export function defaultTreeKeys(): Set<string> {
  return new Set(
    DEFAULT_CATEGORY_TREE.flatMap((root) => [key(root.name), ...root.children.map((child) => key(root.name, child))]),
  );
}

export const MAPPED_KEYS: readonly string[] = [
  ...new Set([...SPENDING.map(([category]) => category), ...BY_DESCRIPTION.map(([, category]) => category)]),
];
