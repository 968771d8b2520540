/**
 * Units of one item a shopper's basket line or order line may hold (MAX_UNITS_PER_LINE on the
 * server may lower it); a phone order taken by staff may go up to 999. A module of its own so that
 * the storefront's eager code (the basket) can read it without the schemas.
 */
export const maxUnitsPerLine = 20;
