import {
  IconBadge,
  IconCategory,
  IconChartBar,
  IconColorSwatch,
  IconHelpCircle,
  IconInbox,
  IconLayoutBoard,
  IconNews,
  IconPackage,
  IconPhoto,
  IconQrcode,
  IconScale,
  IconRuler,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconStar,
  IconTag,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import type { AdminCountKey } from '../../../shared/schemas/moderation.js';
import { routes } from '../../routes';
import { deliveryPaths } from '../delivery/paths';

export interface AdminMenuItem {
  label: string;
  path: string;
  icon: Icon;
  children?: Array<{ label: string; path: string }>;
  /** Active only on this very path (the dashboard at /admin would otherwise match every section). */
  exact?: boolean;
  /** A badge with what waits here: this key of the one `adminCounts.get` query (hidden at 0). */
  countKey?: AdminCountKey;
}

/** The shop's goods: what the storefront's catalogue shows. */
const catalogueSections: AdminMenuItem[] = [
  {
    label: 'Товары',
    path: routes.adminProducts,
    icon: IconPackage,
    children: [
      { label: 'Остатки', path: routes.adminStock },
      { label: 'Таблицы размеров', path: routes.adminSizeCharts },
    ],
  },
  { label: 'Категории', path: routes.adminCategories, icon: IconCategory },
  { label: 'Бренды', path: routes.adminBrands, icon: IconBadge },
  { label: 'Цвета', path: routes.adminColors, icon: IconColorSwatch },
  { label: 'Теги', path: routes.adminTags, icon: IconTag },
  { label: 'Размеры', path: routes.adminSizes, icon: IconRuler },
  { label: 'Изображения', path: routes.adminImages, icon: IconPhoto },
];

/** What shoppers send: orders, reviews and questions. */
const shopperSections: AdminMenuItem[] = [
  { label: 'Заказы', path: routes.adminCheckouts, icon: IconShoppingCart },
  { label: 'Доставка', path: deliveryPaths.list, icon: IconTruckDelivery },
  { label: 'Отзывы', path: routes.adminReviews, icon: IconStar },
  { label: 'Вопросы', path: routes.adminQuestions, icon: IconHelpCircle },
  { label: 'Модерация', path: '/admin/moderation', icon: IconShieldCheck, countKey: 'moderation' },
  { label: 'Обращения', path: '/admin/inbox', icon: IconInbox, countKey: 'inbox' },
];

/** What the shop publishes besides its goods. */
const contentSections: AdminMenuItem[] = [
  { label: 'Новости', path: routes.adminNews, icon: IconNews },
  { label: 'Баннеры', path: routes.adminBanners, icon: IconLayoutBoard },
  { label: 'QR-коды', path: '/admin/scanner', icon: IconQrcode },
  { label: 'Правовые страницы', path: '/admin/legal', icon: IconScale },
];

/** Every admin section, in the order of the side menu. */
export const adminMenu: AdminMenuItem[] = [
  { label: 'Сводка', path: routes.admin, icon: IconChartBar, exact: true },
  ...catalogueSections,
  ...shopperSections,
  ...contentSections,
  {
    label: 'Настройки',
    path: routes.adminSettings,
    icon: IconSettings,
    children: [
      { label: 'Магазин', path: routes.adminShopSettings },
      { label: 'Пользователи', path: routes.adminUsers },
      { label: 'Подписчики', path: routes.adminSubscribers },
      { label: 'Вебхуки', path: routes.adminWebhooks },
      { label: 'Журнал действий', path: routes.adminAuditLog },
    ],
  },
];
