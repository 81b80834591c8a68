import { DEFAULT_CATEGORY_TREE, defaultCategoryKey } from './categories.ts';
import type { AppLocale } from './locale.ts';

/**
 * The default tree in Ukrainian, by each category's default key (issue 16: a new user's tree is in
 * their language). The English names are the tree's own.
 */
const UKRAINIAN_NAMES: Readonly<Record<string, string>> = {
  'food-drinks': 'Їжа та напої',
  'food-drinks/groceries': 'Продукти',
  'food-drinks/restaurants-fast-food': 'Ресторани, фастфуд',
  'food-drinks/bars-cafes': 'Бари, кав’ярні',
  shopping: 'Покупки',
  'shopping/clothes-shoes': 'Одяг і взуття',
  'shopping/jewellery-accessories': 'Прикраси, аксесуари',
  'shopping/health-beauty': 'Здоров’я та краса',
  'shopping/kids': 'Діти',
  'shopping/home-garden': 'Дім, сад',
  'shopping/pets': 'Домашні тварини',
  'shopping/electronics': 'Електроніка',
  'shopping/gifts': 'Подарунки',
  'shopping/stationery-tools': 'Канцтовари, інструменти',
  'shopping/free-time': 'Дозвілля',
  'shopping/pharmacy': 'Аптека',
  housing: 'Житло',
  'housing/rent': 'Оренда',
  'housing/mortgage': 'Іпотека',
  'housing/energy-utilities': 'Енергія, комунальні послуги',
  'housing/services': 'Послуги',
  'housing/maintenance-repairs': 'Обслуговування, ремонт',
  'housing/property-insurance': 'Страхування майна',
  transportation: 'Транспорт',
  'transportation/public-transport': 'Громадський транспорт',
  'transportation/taxi': 'Таксі',
  'transportation/long-distance': 'Далекі поїздки',
  'transportation/business-trips': 'Відрядження',
  vehicle: 'Автомобіль',
  'vehicle/fuel': 'Пальне',
  'vehicle/parking': 'Паркування',
  'vehicle/vehicle-maintenance': 'Обслуговування авто',
  'vehicle/rentals': 'Прокат',
  'vehicle/vehicle-insurance': 'Автострахування',
  'vehicle/leasing': 'Лізинг',
  'life-entertainment': 'Життя та розваги',
  'life-entertainment/health-care-doctor': 'Медицина, лікар',
  'life-entertainment/wellness-beauty': 'Догляд, краса',
  'life-entertainment/sport-fitness': 'Спорт, фітнес',
  'life-entertainment/culture-events': 'Культура, події',
  'life-entertainment/hobbies': 'Хобі',
  'life-entertainment/education': 'Освіта',
  'life-entertainment/books-audio-subscriptions': 'Книжки, аудіо, підписки',
  'life-entertainment/tv-streaming': 'ТБ, стримінг',
  'life-entertainment/holidays-trips-hotels': 'Відпустки, подорожі, готелі',
  'life-entertainment/charity-gifts': 'Благодійність, подарунки',
  'life-entertainment/alcohol-tobacco': 'Алкоголь, тютюн',
  'life-entertainment/lottery-gambling': 'Лотереї, азартні ігри',
  'communication-pc': 'Зв’язок, ПК',
  'communication-pc/phone': 'Телефон',
  'communication-pc/internet': 'Інтернет',
  'communication-pc/software-apps-games': 'Програми, застосунки, ігри',
  'communication-pc/postal-services': 'Поштові послуги',
  'financial-expenses': 'Фінансові витрати',
  'financial-expenses/taxes': 'Податки',
  'financial-expenses/insurance': 'Страхування',
  'financial-expenses/loans-interest': 'Кредити, відсотки',
  'financial-expenses/fines': 'Штрафи',
  'financial-expenses/advisory': 'Консультації',
  'financial-expenses/charges-fees': 'Комісії, збори',
  'financial-expenses/child-support': 'Аліменти',
  investments: 'Інвестиції',
  'investments/realty': 'Нерухомість',
  'investments/vehicles-chattels': 'Транспорт, рухоме майно',
  'investments/financial-investments': 'Фінансові інвестиції',
  'investments/savings': 'Заощадження',
  'investments/collections': 'Колекції',
  income: 'Доходи',
  'income/wage-invoices': 'Зарплата, рахунки',
  'income/interest-dividends': 'Відсотки, дивіденди',
  'income/sale': 'Продаж',
  'income/rental-income': 'Дохід від оренди',
  'income/dues-grants': 'Внески та гранти',
  'income/lending-renting': 'Позики, здавання в оренду',
  'income/checks-coupons': 'Чеки, купони',
  'income/lottery-gambling': 'Лотереї, азартні ігри',
  'income/refunds': 'Повернення коштів',
  'income/freelance': 'Фриланс',
  'income/gifts': 'Подарунки',
  other: 'Інше',
};

/** A default category's name in `locale`: `rootName` for a root, `childName` under it. */
export function defaultCategoryName(locale: AppLocale, rootName: string, childName?: string): string {
  const english = childName ?? rootName;
  if (locale === 'en') return english;
  return UKRAINIAN_NAMES[defaultCategoryKey(rootName, childName)] ?? english;
}

/** Every key of the default tree, for checking that each has its Ukrainian name. */
export function defaultCategoryKeys(): string[] {
  return DEFAULT_CATEGORY_TREE.flatMap((root) => [
    defaultCategoryKey(root.name),
    ...root.children.map((child) => defaultCategoryKey(root.name, child)),
  ]);
}

export function hasUkrainianName(key: string): boolean {
  return key in UKRAINIAN_NAMES;
}
