/** Tables of the catalogue domain (categories, colours, brands, products and variants); filled in by its migration. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no tables yet
export interface CatalogueTables {}
