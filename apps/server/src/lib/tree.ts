/**
 * Nests rows under their parents as the nodes `toNode` makes of them, siblings in the order of the rows. A
 * row whose parent is not among the rows is a root, so a filtered list (a data scope, a chosen root, the
 * visible menu items) nests into its own top nodes. A leaf keeps the `children` that `toNode` gave it:
 * none, or an empty list.
 */
export function nestByParent<
  Row extends { id: number; parentId: number | null },
  Node extends { children?: Node[] },
>(rows: readonly Row[], toNode: (row: Row) => Node): Node[] {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}
