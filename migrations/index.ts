import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as accounts from './0002_accounts.js';
import * as catalogue from './0003_catalogue.js';
import * as media from './0004_media.js';
import * as appState from './0005_app_state.js';
import * as integrity from './0006_integrity.js';
import * as productRating from './0007_product_rating.js';
import * as orders from './0008_orders.js';
import * as reviews from './0009_reviews.js';
import * as content from './0010_content.js';
import * as search from './0011_search.js';
import * as searchVersion from './0012_search_version.js';
import * as variantColourPrice from './0013_variant_colour_price.js';
import * as searchNamesVersion from './0014_search_names_version.js';
import * as moneyBigint from './0015_money_bigint.js';
import * as signinNetworksTokenCutoffs from './0016_signin_networks_token_cutoffs.js';
import * as guestOrders from './0017_guest_orders.js';
import * as productsKeepHistory from './0018_products_keep_history.js';
import * as webhooks from './0019_webhooks.js';
import * as variantItems from './0020_variant_items.js';
import * as stockAlerts from './0021_stock_alerts.js';
import * as sizeCharts from './0022_size_charts.js';
import * as delivery from './0023_delivery.js';
import * as legal from './0024_legal.js';
import * as defaultAddress from './0025_default_address.js';
import * as oneClickOrderLinks from './0026_one_click_order_links.js';
import * as payments from './0027_payments.js';
import * as shopSettings from './0028_shop_settings.js';
import * as moderationInbox from './0030_moderation_inbox.js';
import * as orderStaff from './0031_order_staff.js';
import * as catalogueChangeMarks from './0032_catalogue_change_marks.js';
import * as auditLog from './0033_audit_log.js';
import * as searchCategoriesBrands from './0034_search_categories_brands.js';
import * as popularSearches from './0035_popular_searches.js';
import * as slideText from './0036_slide_text.js';
import * as reviewProsCons from './0037_review_pros_cons.js';
import * as brandSearchName from './0038_brand_search_name.js';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_accounts': accounts,
  '0003_catalogue': catalogue,
  '0004_media': media,
  '0005_app_state': appState,
  '0006_integrity': integrity,
  '0007_product_rating': productRating,
  '0008_orders': orders,
  '0009_reviews': reviews,
  '0010_content': content,
  '0011_search': search,
  '0012_search_version': searchVersion,
  '0013_variant_colour_price': variantColourPrice,
  '0014_search_names_version': searchNamesVersion,
  '0015_money_bigint': moneyBigint,
  '0016_signin_networks_token_cutoffs': signinNetworksTokenCutoffs,
  '0017_guest_orders': guestOrders,
  '0018_products_keep_history': productsKeepHistory,
  '0019_webhooks': webhooks,
  '0020_variant_items': variantItems,
  '0021_stock_alerts': stockAlerts,
  '0022_size_charts': sizeCharts,
  '0023_delivery': delivery,
  '0024_legal': legal,
  '0025_default_address': defaultAddress,
  '0026_one_click_order_links': oneClickOrderLinks,
  '0027_payments': payments,
  '0028_shop_settings': shopSettings,
  '0030_moderation_inbox': moderationInbox,
  '0031_order_staff': orderStaff,
  '0032_catalogue_change_marks': catalogueChangeMarks,
  '0033_audit_log': auditLog,
  '0034_search_categories_brands': searchCategoriesBrands,
  '0035_popular_searches': popularSearches,
  '0036_slide_text': slideText,
  '0037_review_pros_cons': reviewProsCons,
  '0038_brand_search_name': brandSearchName,
};
