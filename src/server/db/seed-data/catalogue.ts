import { sql, type Transaction } from 'kysely';
import { toKopecks } from '../../../shared/money.js';
import { variantSummary } from '../../services/catalogue/product-write.js';
import type { Database } from '../schema.js';
import { seedSizeCharts } from './size-charts.js';

/** The Russian demo catalogue; idempotent (rows are keyed by url). */
export const demoTags = [
  { name: 'Новинка', url: 'novinka' },
  { name: 'Хит продаж', url: 'hit-prodazh' },
  { name: 'Скидка', url: 'skidka' },
  { name: 'Эко', url: 'eko' },
  { name: 'Подарок', url: 'podarok' },
  { name: 'Лимитированная серия', url: 'limitirovannaya-seriya' },
  { name: 'Для спорта', url: 'dlya-sporta' },
  { name: 'Осень-зима', url: 'osen-zima' },
];

export const demoSizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '38', '39', '40', '41', '42', '43', '44'].map((name) => ({
  name,
  url: name.toLowerCase(),
}));

interface DemoCategory {
  name: string;
  url: string;
  desc: string;
  parameters: string[];
  children?: Array<Omit<DemoCategory, 'children'>>;
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Обувь',
    url: 'obuv',
    desc: 'Обувь на каждый день, для спорта и для холодной погоды.',
    parameters: ['Материал верха', 'Материал подошвы', 'Сезон'],
    children: [
      { name: 'Кроссовки', url: 'krossovki', desc: 'Беговые, городские и баскетбольные кроссовки.', parameters: ['Тип амортизации'] },
      { name: 'Ботинки', url: 'botinki', desc: 'Утеплённые и демисезонные ботинки.', parameters: ['Утеплитель'] },
      { name: 'Сандалии и сланцы', url: 'sandalii', desc: 'Лёгкая летняя обувь.', parameters: [] },
    ],
  },
  {
    name: 'Одежда',
    url: 'odezhda',
    desc: 'Верхняя одежда, футболки, джинсы и трикотаж.',
    parameters: ['Состав', 'Сезон', 'Страна производства'],
    children: [
      { name: 'Куртки', url: 'kurtki', desc: 'Пуховики, ветровки и парки.', parameters: ['Утеплитель', 'Температурный режим'] },
      { name: 'Футболки и поло', url: 'futbolki', desc: 'Хлопковые футболки и поло.', parameters: [] },
      { name: 'Джинсы', url: 'dzhinsy', desc: 'Прямые, зауженные и свободные джинсы.', parameters: ['Посадка'] },
      { name: 'Свитеры и худи', url: 'svitery', desc: 'Тёплый трикотаж на осень и зиму.', parameters: [] },
    ],
  },
  {
    name: 'Аксессуары',
    url: 'aksessuary',
    desc: 'Сумки, рюкзаки, шапки и шарфы.',
    parameters: ['Материал'],
    children: [
      { name: 'Сумки и рюкзаки', url: 'sumki-i-ryukzaki', desc: 'Городские и туристические рюкзаки, сумки.', parameters: ['Объём'] },
      { name: 'Шапки и шарфы', url: 'shapki-i-sharfy', desc: 'Вязаные шапки, шарфы и снуды.', parameters: [] },
    ],
  },
  {
    name: 'Спорт и отдых',
    url: 'sport-i-otdyh',
    desc: 'Снаряжение для походов и тренировок.',
    parameters: ['Материал', 'Вес'],
    children: [
      { name: 'Туризм', url: 'turizm', desc: 'Палатки, спальники и термосы.', parameters: ['Вместимость'] },
      { name: 'Фитнес', url: 'fitnes', desc: 'Коврики, гантели и эспандеры.', parameters: [] },
    ],
  },
];

/** The demo colours as a table: name, url and hex code, one a line. */
const colorTable = `
  Чёрный      chernyj      #000000
  Белый       belyj        #ffffff
  Серый       seryj        #9e9e9e
  Красный     krasnyj      #d32f2f
  Синий       sinij        #1e4fa3
  Голубой     goluboj      #64b5f6
  Зелёный     zelenyj      #2e7d32
  Хаки        haki         #78866b
  Бежевый     bezhevyj     #e8d8b9
  Коричневый  korichnevyj  #795548
  Розовый     rozovyj      #f48fb1
  Жёлтый      zheltyj      #fbc02d
`;

export const demoColors = colorTable
  .trim()
  .split('\n')
  .map((line) => {
    const [name, url, code, ...rest] = line.trim().split(/\s+/);
    if (!name || !url || !code || rest.length) throw new Error(`A demo colour row is not «name url code»: ${line}`);
    return { name, url, code };
  });

export const demoBrands = [
  { name: 'Nike', url: 'nike', showOnMain: true, synonyms: ['найк', 'найки'] },
  { name: 'Adidas', url: 'adidas', showOnMain: true, synonyms: ['адидас', 'адик'] },
  { name: 'Puma', url: 'puma', showOnMain: true, synonyms: ['пума'] },
  { name: 'New Balance', url: 'new-balance', showOnMain: false, synonyms: ['ньюбаланс', 'nb'] },
  { name: 'Reebok', url: 'reebok', showOnMain: false, synonyms: ['рибок', 'рибук'] },
  { name: 'Columbia', url: 'columbia', showOnMain: true, synonyms: ['коламбия', 'колумбия'] },
  { name: 'The North Face', url: 'the-north-face', showOnMain: false },
  { name: "Levi's", url: 'levis', showOnMain: true, synonyms: ['левайс', 'ливайс', 'левис', 'levis'] },
  { name: 'Bask', url: 'bask', showOnMain: true, synonyms: ['баск'] },
  { name: 'Red Fox', url: 'red-fox', showOnMain: false },
  { name: 'Экспедиция', url: 'ekspeditsiya', showOnMain: false },
];

type SizeKind = 'shoes' | 'clothes' | 'none';

/** name, url, category url, brand url, price in rubles, colour urls, sizes, tags, description, parameters */
type DemoProduct = [string, string, string, string, number, string[], SizeKind, string[], string, Record<string, string>];

export const demoProducts: DemoProduct[] = [
  ['Кроссовки беговые Nike Air Zoom Pegasus', 'nike-air-zoom-pegasus', 'krossovki', 'nike', 11990, ['chernyj', 'belyj', 'sinij'], 'shoes', ['hit-prodazh', 'dlya-sporta'], 'Лёгкие беговые кроссовки с отзывчивой амортизацией для ежедневных тренировок.', { 'Материал верха': 'Текстиль', 'Материал подошвы': 'Резина', Сезон: 'Лето', 'Тип амортизации': 'Air Zoom' }],
  ['Кроссовки Adidas Ultraboost Light', 'adidas-ultraboost-light', 'krossovki', 'adidas', 17990, ['chernyj', 'belyj'], 'shoes', ['novinka', 'dlya-sporta'], 'Мягкая пена Boost и вязаный верх Primeknit для длинных дистанций.', { 'Материал верха': 'Текстиль', 'Материал подошвы': 'Резина', Сезон: 'Лето', 'Тип амортизации': 'Boost' }],
  ['Кроссовки Puma Suede Classic', 'puma-suede-classic', 'krossovki', 'puma', 7490, ['krasnyj', 'chernyj', 'sinij', 'zelenyj'], 'shoes', ['hit-prodazh'], 'Легендарные замшевые кроссовки на каждый день.', { 'Материал верха': 'Замша', 'Материал подошвы': 'Резина', Сезон: 'Демисезон' }],
  ['Кроссовки New Balance 574', 'new-balance-574', 'krossovki', 'new-balance', 9990, ['seryj', 'sinij', 'bezhevyj'], 'shoes', [], 'Классическая модель с амортизацией ENCAP для города.', { 'Материал верха': 'Замша и текстиль', 'Материал подошвы': 'Резина', Сезон: 'Демисезон', 'Тип амортизации': 'ENCAP' }],
  ['Кроссовки детские Nike Revolution 6', 'nike-revolution-6-kids', 'krossovki', 'nike', 4490, ['rozovyj', 'sinij'], 'shoes', ['skidka'], 'Лёгкие кроссовки для активных детей, удобная застёжка на липучке.', { 'Материал верха': 'Текстиль', 'Материал подошвы': 'Резина', Сезон: 'Лето' }],
  ['Кроссовки баскетбольные Puma Court Rider', 'puma-court-rider', 'krossovki', 'puma', 12490, ['belyj', 'zheltyj'], 'shoes', ['limitirovannaya-seriya', 'dlya-sporta'], 'Высокие баскетбольные кроссовки с поддержкой голеностопа.', { 'Материал верха': 'Синтетика', 'Материал подошвы': 'Резина', Сезон: 'Всесезон' }],
  ['Кроссовки для трейла Adidas Terrex Agravic', 'adidas-terrex-agravic', 'krossovki', 'adidas', 13990, ['haki', 'chernyj'], 'shoes', ['dlya-sporta'], 'Цепкая подошва Continental для бега по пересечённой местности.', { 'Материал верха': 'Текстиль', 'Материал подошвы': 'Резина Continental', Сезон: 'Демисезон' }],
  ['Кеды Adidas Stan Smith', 'adidas-stan-smith', 'krossovki', 'adidas', 8990, ['belyj'], 'shoes', ['hit-prodazh'], 'Минималистичные кожаные кеды — классика с 1971 года.', { 'Материал верха': 'Натуральная кожа', 'Материал подошвы': 'Резина', Сезон: 'Лето' }],
  ['Кроссовки Reebok Classic Leather', 'reebok-classic-leather', 'krossovki', 'reebok', 6990, ['belyj', 'chernyj'], 'shoes', [], 'Мягкая кожа и амортизирующая вставка EVA.', { 'Материал верха': 'Натуральная кожа', 'Материал подошвы': 'Резина', Сезон: 'Демисезон' }],
  ['Ботинки зимние Columbia Bugaboot', 'columbia-bugaboot', 'botinki', 'columbia', 14990, ['chernyj', 'korichnevyj'], 'shoes', ['osen-zima'], 'Непромокаемые зимние ботинки, держат тепло до −32 °C.', { 'Материал верха': 'Нубук и нейлон', 'Материал подошвы': 'Резина', Сезон: 'Зима', Утеплитель: 'Omni-Heat' }],
  ['Ботинки треккинговые The North Face Vectiv', 'tnf-vectiv-hiking', 'botinki', 'the-north-face', 18990, ['korichnevyj', 'seryj'], 'shoes', ['novinka'], 'Треккинговые ботинки с мембраной для долгих переходов.', { 'Материал верха': 'Синтетика', 'Материал подошвы': 'Vibram', Сезон: 'Демисезон', Утеплитель: 'Без утеплителя' }],
  ['Ботинки кожаные мужские Экспедиция', 'ekspeditsiya-botinki-kozhanye', 'botinki', 'ekspeditsiya', 9490, ['korichnevyj', 'chernyj'], 'shoes', ['osen-zima'], 'Прочные кожаные ботинки на шерстяном меху.', { 'Материал верха': 'Натуральная кожа', 'Материал подошвы': 'ТЭП', Сезон: 'Зима', Утеплитель: 'Натуральная шерсть' }],
  ['Дутики женские Red Fox', 'red-fox-dutiki', 'botinki', 'red-fox', 6490, ['belyj', 'rozovyj', 'chernyj'], 'shoes', ['osen-zima', 'skidka'], 'Тёплые дутики для прогулок по снегу.', { 'Материал верха': 'Нейлон', 'Материал подошвы': 'Резина', Сезон: 'Зима', Утеплитель: 'Синтепон' }],
  ['Челси демисезонные Bask', 'bask-chelsea', 'botinki', 'bask', 8990, ['chernyj'], 'shoes', [], 'Ботинки челси с эластичными вставками.', { 'Материал верха': 'Натуральная кожа', 'Материал подошвы': 'Резина', Сезон: 'Демисезон' }],
  ['Сандалии трекинговые Columbia', 'columbia-sandalii', 'sandalii', 'columbia', 4990, ['chernyj', 'haki'], 'shoes', [], 'Сандалии с регулируемыми ремешками для походов и пляжа.', { 'Материал верха': 'Текстиль', 'Материал подошвы': 'Резина', Сезон: 'Лето' }],
  ['Сланцы Adidas Adilette', 'adidas-adilette', 'sandalii', 'adidas', 2490, ['chernyj', 'sinij', 'belyj'], 'shoes', ['hit-prodazh'], 'Шлёпанцы для бассейна и пляжа с мягкой стелькой.', { 'Материал верха': 'Синтетика', 'Материал подошвы': 'ЭВА', Сезон: 'Лето' }],
  ['Сандалии детские Puma', 'puma-sandalii-detskie', 'sandalii', 'puma', 1990, ['rozovyj', 'goluboj'], 'shoes', ['skidka'], 'Лёгкие детские сандалии на липучках.', { 'Материал верха': 'Синтетика', 'Материал подошвы': 'ЭВА', Сезон: 'Лето' }],
  ['Куртка пуховая мужская Columbia Pike Lake', 'columbia-pike-lake', 'kurtki', 'columbia', 21990, ['chernyj', 'sinij', 'haki'], 'clothes', ['osen-zima', 'hit-prodazh'], 'Тёплая стёганая куртка с отражающей подкладкой Omni-Heat.', { Состав: 'Полиэстер 100%', Сезон: 'Зима', 'Страна производства': 'Вьетнам', Утеплитель: 'Синтетический пух', 'Температурный режим': 'до −25 °C' }],
  ['Пуховик женский The North Face Nuptse', 'tnf-nuptse', 'kurtki', 'the-north-face', 34990, ['chernyj', 'zheltyj', 'belyj'], 'clothes', ['osen-zima', 'limitirovannaya-seriya'], 'Культовый пуховик с гусиным пухом 700 Fill Power.', { Состав: 'Нейлон, гусиный пух', Сезон: 'Зима', 'Страна производства': 'Китай', Утеплитель: 'Гусиный пух', 'Температурный режим': 'до −30 °C' }],
  ['Ветровка Nike Windrunner', 'nike-windrunner', 'kurtki', 'nike', 8990, ['chernyj', 'sinij', 'krasnyj'], 'clothes', ['novinka'], 'Лёгкая ветровка с капюшоном и сетчатой подкладкой.', { Состав: 'Полиэстер 100%', Сезон: 'Демисезон', 'Страна производства': 'Вьетнам', Утеплитель: 'Без утеплителя' }],
  ['Парка утеплённая Bask Chamonix', 'bask-chamonix', 'kurtki', 'bask', 27990, ['haki', 'chernyj'], 'clothes', ['osen-zima'], 'Длинная парка с мембраной и меховой опушкой капюшона.', { Состав: 'Полиамид, полиэстер', Сезон: 'Зима', 'Страна производства': 'Россия', Утеплитель: 'Thinsulate', 'Температурный режим': 'до −35 °C' }],
  ['Куртка софтшелл Red Fox Wind Pro', 'red-fox-wind-pro', 'kurtki', 'red-fox', 11490, ['seryj', 'chernyj'], 'clothes', ['dlya-sporta'], 'Ветрозащитная эластичная куртка для походов.', { Состав: 'Полиэстер, эластан', Сезон: 'Демисезон', 'Страна производства': 'Россия' }],
  ['Жилет утеплённый Columbia', 'columbia-zhilet', 'kurtki', 'columbia', 7990, ['chernyj', 'sinij'], 'clothes', ['skidka'], 'Лёгкий стёганый жилет, складывается в карман.', { Состав: 'Полиэстер 100%', Сезон: 'Демисезон', 'Страна производства': 'Вьетнам' }],
  ['Футболка хлопковая Levi\'s Original', 'levis-futbolka-original', 'futbolki', 'levis', 2990, ['belyj', 'chernyj', 'seryj', 'krasnyj'], 'clothes', ['hit-prodazh'], 'Футболка из мягкого хлопка с фирменной нашивкой.', { Состав: 'Хлопок 100%', Сезон: 'Лето', 'Страна производства': 'Бангладеш' }],
  ['Футболка спортивная Nike Dri-FIT', 'nike-dri-fit', 'futbolki', 'nike', 3490, ['chernyj', 'sinij', 'krasnyj'], 'clothes', ['dlya-sporta'], 'Быстросохнущая ткань отводит влагу во время тренировки.', { Состав: 'Полиэстер 100%', Сезон: 'Лето', 'Страна производства': 'Таиланд' }],
  ['Поло Adidas Essentials', 'adidas-polo-essentials', 'futbolki', 'adidas', 3990, ['belyj', 'sinij'], 'clothes', [], 'Классическое поло из пике с тремя полосками.', { Состав: 'Хлопок 100%', Сезон: 'Лето', 'Страна производства': 'Камбоджа' }],
  ['Футболка Puma Essentials Logo', 'puma-ess-logo', 'futbolki', 'puma', 1990, ['chernyj', 'belyj', 'zelenyj'], 'clothes', ['skidka'], 'Базовая футболка с большим логотипом.', { Состав: 'Хлопок 100%', Сезон: 'Лето', 'Страна производства': 'Египет' }],
  ['Лонгслив термо Bask', 'bask-longsliv-termo', 'futbolki', 'bask', 3290, ['chernyj', 'seryj'], 'clothes', ['osen-zima', 'dlya-sporta'], 'Термобельё с длинным рукавом для холодной погоды.', { Состав: 'Полиэстер, мериносовая шерсть', Сезон: 'Зима', 'Страна производства': 'Россия' }],
  ['Футболка из органического хлопка Экспедиция', 'ekspeditsiya-futbolka-eko', 'futbolki', 'ekspeditsiya', 1790, ['bezhevyj', 'haki', 'belyj'], 'clothes', ['eko'], 'Футболка из хлопка, выращенного без пестицидов.', { Состав: 'Органический хлопок 100%', Сезон: 'Лето', 'Страна производства': 'Россия' }],
  ['Джинсы Levi\'s 501 Original', 'levis-501', 'dzhinsy', 'levis', 9990, ['sinij', 'goluboj', 'chernyj'], 'clothes', ['hit-prodazh'], 'Прямые джинсы на пуговицах — та самая модель 501.', { Состав: 'Хлопок 100%', Сезон: 'Всесезон', 'Страна производства': 'Пакистан', Посадка: 'Прямая' }],
  ['Джинсы Levi\'s 511 Slim', 'levis-511-slim', 'dzhinsy', 'levis', 8990, ['sinij', 'seryj'], 'clothes', [], 'Зауженные джинсы со стрейчем.', { Состав: 'Хлопок 99%, эластан 1%', Сезон: 'Всесезон', 'Страна производства': 'Мексика', Посадка: 'Зауженная' }],
  ['Джинсы женские Levi\'s Mom', 'levis-mom', 'dzhinsy', 'levis', 8490, ['goluboj', 'belyj'], 'clothes', ['novinka'], 'Джинсы с высокой посадкой и свободным кроем.', { Состав: 'Хлопок 100%', Сезон: 'Всесезон', 'Страна производства': 'Турция', Посадка: 'Свободная' }],
  ['Джинсы утеплённые Экспедиция', 'ekspeditsiya-dzhinsy-uteplennye', 'dzhinsy', 'ekspeditsiya', 4990, ['sinij', 'chernyj'], 'clothes', ['osen-zima', 'skidka'], 'Джинсы на флисовой подкладке для зимы.', { Состав: 'Хлопок, полиэстер', Сезон: 'Зима', 'Страна производства': 'Россия', Посадка: 'Прямая' }],
  ['Брюки карго Columbia Silver Ridge', 'columbia-silver-ridge', 'dzhinsy', 'columbia', 6990, ['haki', 'bezhevyj', 'seryj'], 'clothes', ['dlya-sporta'], 'Лёгкие брюки с защитой от солнца и множеством карманов.', { Состав: 'Нейлон 100%', Сезон: 'Лето', 'Страна производства': 'Вьетнам', Посадка: 'Свободная' }],
  ['Худи Nike Club Fleece', 'nike-club-fleece', 'svitery', 'nike', 6490, ['seryj', 'chernyj', 'zelenyj'], 'clothes', ['hit-prodazh'], 'Мягкое худи из флиса с карманом-кенгуру.', { Состав: 'Хлопок 80%, полиэстер 20%', Сезон: 'Демисезон', 'Страна производства': 'Пакистан' }],
  ['Свитер вязаный шерстяной Экспедиция', 'ekspeditsiya-sviter', 'svitery', 'ekspeditsiya', 5490, ['bezhevyj', 'seryj', 'krasnyj'], 'clothes', ['osen-zima', 'podarok'], 'Тёплый свитер крупной вязки из овечьей шерсти.', { Состав: 'Шерсть 70%, акрил 30%', Сезон: 'Зима', 'Страна производства': 'Россия' }],
  ['Толстовка Adidas Adicolor', 'adidas-adicolor', 'svitery', 'adidas', 5990, ['chernyj', 'belyj'], 'clothes', [], 'Толстовка на молнии с тремя полосками на рукавах.', { Состав: 'Хлопок 70%, полиэстер 30%', Сезон: 'Демисезон', 'Страна производства': 'Камбоджа' }],
  ['Флиска Red Fox Polartec', 'red-fox-polartec', 'svitery', 'red-fox', 4990, ['sinij', 'krasnyj', 'seryj'], 'clothes', ['dlya-sporta'], 'Тёплая кофта из флиса Polartec для походов.', { Состав: 'Полиэстер 100%', Сезон: 'Демисезон', 'Страна производства': 'Россия' }],
  ['Кардиган женский Puma', 'puma-kardigan', 'svitery', 'puma', 4290, ['rozovyj', 'bezhevyj'], 'clothes', ['skidka'], 'Мягкий кардиган свободного кроя.', { Состав: 'Хлопок 60%, акрил 40%', Сезон: 'Демисезон', 'Страна производства': 'Турция' }],
  ['Рюкзак городской Nike Heritage', 'nike-heritage-ryukzak', 'sumki-i-ryukzaki', 'nike', 3490, ['chernyj', 'sinij', 'krasnyj'], 'none', ['hit-prodazh'], 'Вместительный рюкзак с отделением для ноутбука.', { Материал: 'Полиэстер', Объём: '25 л' }],
  ['Рюкзак туристический Red Fox Light 60', 'red-fox-light-60', 'sumki-i-ryukzaki', 'red-fox', 12990, ['zelenyj', 'seryj'], 'none', ['dlya-sporta'], 'Походный рюкзак с анатомической спиной.', { Материал: 'Нейлон Cordura', Объём: '60 л' }],
  ['Сумка спортивная Adidas Linear Duffel', 'adidas-linear-duffel', 'sumki-i-ryukzaki', 'adidas', 2990, ['chernyj', 'sinij'], 'none', ['dlya-sporta'], 'Сумка для тренировок с отделением для обуви.', { Материал: 'Полиэстер', Объём: '39 л' }],
  ['Сумка через плечо Levi\'s', 'levis-sumka', 'sumki-i-ryukzaki', 'levis', 2490, ['korichnevyj', 'chernyj'], 'none', ['podarok'], 'Компактная сумка для телефона и документов.', { Материал: 'Полиэстер', Объём: '2 л' }],
  ['Рюкзак детский Puma Phase', 'puma-phase-detskij', 'sumki-i-ryukzaki', 'puma', 1890, ['rozovyj', 'goluboj', 'zheltyj'], 'none', ['skidka'], 'Лёгкий рюкзак для школы и прогулок.', { Материал: 'Полиэстер', Объём: '13 л' }],
  ['Шапка вязаная Columbia', 'columbia-shapka', 'shapki-i-sharfy', 'columbia', 1990, ['chernyj', 'seryj', 'krasnyj'], 'none', ['osen-zima'], 'Тёплая шапка с отворотом и флисовой подкладкой.', { Материал: 'Акрил, флис' }],
  ['Шарф шерстяной Экспедиция', 'ekspeditsiya-sharf', 'shapki-i-sharfy', 'ekspeditsiya', 1490, ['krasnyj', 'bezhevyj', 'seryj'], 'none', ['podarok', 'osen-zima'], 'Мягкий шарф из мериносовой шерсти.', { Материал: 'Шерсть мериноса' }],
  ['Снуд флисовый Bask', 'bask-snud', 'shapki-i-sharfy', 'bask', 990, ['chernyj', 'sinij'], 'none', [], 'Снуд-трансформер: шарф, балаклава или шапка.', { Материал: 'Флис Polartec' }],
  ['Бейсболка Nike Heritage86', 'nike-heritage86', 'shapki-i-sharfy', 'nike', 1790, ['chernyj', 'belyj', 'sinij'], 'none', ['novinka'], 'Хлопковая бейсболка с регулируемым ремешком.', { Материал: 'Хлопок' }],
  ['Панама The North Face Horizon', 'tnf-horizon', 'shapki-i-sharfy', 'the-north-face', 2990, ['bezhevyj', 'haki'], 'none', [], 'Лёгкая панама с защитой от солнца UPF 40.', { Материал: 'Нейлон' }],
  ['Палатка трёхместная Red Fox Fox Team', 'red-fox-palatka-3', 'turizm', 'red-fox', 18990, ['zelenyj'], 'none', ['dlya-sporta'], 'Двухслойная палатка с двумя тамбурами.', { Материал: 'Полиэстер, алюминиевые дуги', Вес: '3,6 кг', Вместимость: '3 человека' }],
  ['Спальный мешок Bask Trekking', 'bask-spalnik', 'turizm', 'bask', 9990, ['sinij', 'krasnyj'], 'none', ['osen-zima'], 'Спальник-кокон с комфортной температурой до −5 °C.', { Материал: 'Нейлон, синтетический утеплитель', Вес: '1,4 кг', Вместимость: '1 человек' }],
  ['Термос стальной Экспедиция 1 л', 'ekspeditsiya-termos', 'turizm', 'ekspeditsiya', 1990, ['chernyj', 'krasnyj', 'zelenyj'], 'none', ['podarok'], 'Держит чай горячим до 24 часов.', { Материал: 'Нержавеющая сталь', Вес: '0,6 кг', Вместимость: '1 л' }],
  ['Коврик туристический самонадувающийся', 'kovrik-samonaduvayushchijsya', 'turizm', 'red-fox', 5490, ['zelenyj', 'sinij'], 'none', [], 'Мягкий коврик для палатки, сворачивается в чехол.', { Материал: 'Полиэстер, пенополиуретан', Вес: '1,1 кг' }],
  ['Фонарь налобный Экспедиция', 'ekspeditsiya-fonar', 'turizm', 'ekspeditsiya', 1290, ['chernyj'], 'none', ['novinka'], 'Яркий налобный фонарь с аккумулятором и тремя режимами.', { Материал: 'Пластик', Вес: '0,09 кг' }],
  ['Коврик для йоги Adidas', 'adidas-kovrik-joga', 'fitnes', 'adidas', 2990, ['rozovyj', 'seryj', 'zelenyj'], 'none', ['eko'], 'Нескользящий коврик толщиной 8 мм.', { Материал: 'Термопластичный эластомер', Вес: '1 кг' }],
  ['Гантели разборные 2 × 10 кг', 'ganteli-razbornye-10', 'fitnes', 'puma', 4990, ['chernyj'], 'none', ['dlya-sporta'], 'Набор разборных гантелей с грифами и блинами.', { Материал: 'Чугун, сталь', Вес: '20 кг' }],
  ['Эспандер ленточный набор Nike', 'nike-espander', 'fitnes', 'nike', 1490, ['zheltyj', 'krasnyj', 'chernyj'], 'none', ['podarok'], 'Три ленты разной жёсткости для домашних тренировок.', { Материал: 'Латекс', Вес: '0,2 кг' }],
  ['Скакалка скоростная Puma', 'puma-skakalka', 'fitnes', 'puma', 890, ['chernyj', 'rozovyj'], 'none', ['skidka'], 'Лёгкая скакалка на подшипниках со стальным тросом.', { Материал: 'Сталь, пластик', Вес: '0,15 кг' }],
  ['Фитнес-браслет Reebok', 'reebok-fitnes-braslet', 'fitnes', 'reebok', 3990, ['chernyj', 'rozovyj'], 'none', ['novinka'], 'Считает шаги, пульс и сон, до 10 дней без подзарядки.', { Материал: 'Силикон', Вес: '0,03 кг' }],
  ['Бутылка для воды New Balance 750 мл', 'new-balance-butylka', 'fitnes', 'new-balance', 990, ['sinij', 'belyj', 'goluboj'], 'none', ['eko'], 'Многоразовая бутылка без BPA.', { Материал: 'Тритан', Вес: '0,12 кг' }],
];

const shoeSizes = ['39', '40', '41', '42', '43', '44'];
const clothesSizes = ['s', 'm', 'l', 'xl'];

/** A small deterministic generator, so the seed gives the same stock on every database. */
function seeded(index: number, salt: number): number {
  const x = Math.sin(index * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export async function seedCatalogue(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('tags').values(demoTags).onConflict((oc) => oc.column('url').doNothing()).execute();
  await trx.insertInto('sizes').values(demoSizes).onConflict((oc) => oc.column('url').doNothing()).execute();
  await trx.insertInto('colors').values(demoColors).onConflict((oc) => oc.column('url').doNothing()).execute();
  await trx.insertInto('brands').values(demoBrands).onConflict((oc) => oc.column('url').doNothing()).execute();
  for (const category of demoCategories) {
    const { children = [], ...fields } = category;
    await trx
      .insertInto('categories')
      .values({ ...fields, parameters: JSON.stringify(fields.parameters) })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
    const parent = await trx.selectFrom('categories').select('id').where('url', '=', category.url).executeTakeFirstOrThrow();
    if (!children.length) continue;
    await trx
      .insertInto('categories')
      .values(children.map((child) => ({ ...child, parentId: parent.id, parameters: JSON.stringify(child.parameters) })))
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
  }

  const ids = async (table: 'categories' | 'colors' | 'brands' | 'tags' | 'sizes') =>
    new Map((await trx.selectFrom(table).select(['id', 'url']).execute()).map((row) => [row.url, row.id]));
  const [categories, colors, brands, tags, sizes] = await Promise.all([ids('categories'), ids('colors'), ids('brands'), ids('tags'), ids('sizes')]);
  const idOf = (map: Map<string, number>, url: string): number => {
    const id = map.get(url);
    if (id === undefined) throw new Error(`Demo catalogue: unknown url ${url}`);
    return id;
  };

  for (const [index, [name, url, categoryUrl, brandUrl, price, colorUrls, sizeKind, tagUrls, desc, parameters]] of demoProducts.entries()) {
    const discounted = tagUrls.includes('skidka');
    // Every ninth product is sold out; otherwise some colours are.
    const soldOut = index % 9 === 4;
    const variants = colorUrls.map((colorUrl, position) => {
      const rubles = Math.round((price * (1 + position * 0.04)) / 10) * 10 - 10;
      return {
        article: `${url.toUpperCase().slice(0, 24)}-${String(position + 1).padStart(2, '0')}`,
        colorId: idOf(colors, colorUrl),
        price: toKopecks(rubles),
        oldPrice: discounted ? toKopecks(Math.round((rubles * 1.3) / 10) * 10 - 10) : null,
        stock: soldOut || seeded(index, position) < 0.15 ? 0 : 1 + Math.floor(seeded(index, position + 7) * 40),
        images: [] as string[],
        position,
      };
    });
    const inserted = await trx
      .insertInto('products')
      .values({
        name,
        url,
        desc,
        availability: index % 23 !== 11,
        parameters: JSON.stringify(parameters),
        extra: JSON.stringify({}),
        ...variantSummary(variants),
      })
      .onConflict((oc) => oc.column('url').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const productId = inserted.id;
    await trx
      .insertInto('productVariants')
      .values(variants.map((variant) => ({ ...variant, productId })))
      .execute();
    // Filed under the subcategory only: a category filter includes its descendants.
    await trx.insertInto('productCategories').values({ productId, categoryId: idOf(categories, categoryUrl) }).execute();
    await trx.insertInto('productBrands').values({ productId, brandId: idOf(brands, brandUrl) }).execute();
    if (tagUrls.length) {
      await trx
        .insertInto('productTags')
        .values(tagUrls.map((tagUrl) => ({ productId, tagId: idOf(tags, tagUrl) })))
        .execute();
    }
    const sizeUrls = sizeKind === 'shoes' ? shoeSizes : sizeKind === 'clothes' ? clothesSizes : [];
    if (sizeUrls.length) {
      await trx
        .insertInto('productSizes')
        .values(sizeUrls.map((sizeUrl) => ({ productId, sizeId: idOf(sizes, sizeUrl) })))
        .execute();
    }
  }
  // Each colour's stock goes to its sizes (split evenly), as migration 0020 moved existing stock.
  await sql`select variant_items_fill(null)`.execute(trx);
  await seedSizeCharts(trx);
}
