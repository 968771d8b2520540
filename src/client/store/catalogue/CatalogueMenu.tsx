/** The header's catalogue menu (display flag `catalogMenu`), built from the category tree. */
export function CatalogueMenu() {
  return null;
}
