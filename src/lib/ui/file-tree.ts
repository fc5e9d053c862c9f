/** The workspace's paths as a tree of folders and files (U1: folders are folders, not suffixes). */
export interface TreeNode {
  name: string;
  path: string;
  kind: 'folder' | 'file';
  children: TreeNode[];
}

/** Folders first, then files, each by name; `filter` keeps files whose path contains it (and their folders). */
export function fileTree(paths: readonly string[], filter = ''): TreeNode[] {
  const root: TreeNode = { name: '', path: '', kind: 'folder', children: [] };
  const needle = filter.trim().toLowerCase();
  for (const path of paths) {
    if (needle && !path.toLowerCase().includes(needle)) continue;
    const parts = path.split('/');
    let node = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const childPath = parts.slice(0, index + 1).join('/');
      let child = node.children.find((entry) => entry.name === part && entry.kind === (last ? 'file' : 'folder'));
      if (!child) {
        child = { name: part, path: childPath, kind: last ? 'file' : 'folder', children: [] };
        node.children.push(child);
      }
      node = child;
    });
  }
  const sort = (node: TreeNode) => {
    node.children.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
    node.children.forEach(sort);
  };
  sort(root);
  return root.children;
}

/** Visible rows of the tree: a folder's children only when it is open. */
export function visibleRows(
  nodes: readonly TreeNode[],
  open: ReadonlySet<string>,
  depth = 0,
): { node: TreeNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(node.kind === 'folder' && open.has(node.path) ? visibleRows(node.children, open, depth + 1) : []),
  ]);
}
