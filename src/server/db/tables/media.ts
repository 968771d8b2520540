/** Tables of the media domain (uploaded images and their encoded widths); filled in by its migration. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no tables yet
export interface MediaTables {}
