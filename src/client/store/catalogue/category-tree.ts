import type { CategoryTreeNode } from '../../../shared/schemas/catalogue.js';

export interface CategoryEntry {
  node: CategoryTreeNode;
  /** From the top level down to the category's parent. */
  ancestors: CategoryTreeNode[];
}

/** Every category of the tree by url, with the path that leads to it (breadcrumbs, filter labels). */
export function indexCategoryTree(tree: readonly CategoryTreeNode[]): Map<string, CategoryEntry> {
  const index = new Map<string, CategoryEntry>();
  const visit = (nodes: readonly CategoryTreeNode[], ancestors: CategoryTreeNode[]) => {
    for (const node of nodes) {
      index.set(node.url, { node, ancestors });
      visit(node.children, [...ancestors, node]);
    }
  };
  visit(tree, []);
  return index;
}

/** Whether a category or one of its descendants has one of these urls. */
export function subtreeHasAny(node: CategoryTreeNode, urls: ReadonlySet<string>): boolean {
  return urls.has(node.url) || node.children.some((child) => subtreeHasAny(child, urls));
}
