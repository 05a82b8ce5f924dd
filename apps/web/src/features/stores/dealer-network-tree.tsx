import { Empty, Tag, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealerNode } from './api';
import type { DealerNetworkStore } from './dealer-network-store';

interface DealerNetworkTreeProps {
  store: DealerNetworkStore<DealerNode>;
  onSelect(node: DealerNode | null): void;
}

function findNode(nodes: readonly DealerNode[], id: number): DealerNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = findNode(node.children, id);
    if (inside) return inside;
  }
  return null;
}

/** The dealer network (regions and their stores): roots on mount, a region's stores when it opens. */
export function DealerNetworkTree({ store, onSelect }: DealerNetworkTreeProps) {
  const { t } = useTranslation('stores');
  const { list } = useSyncExternalStore(store.subscribe, store.getSnapshot);

  useEffect(() => {
    void store.load();
  }, [store]);

  const treeData = useMemo(() => {
    const toData = (nodes: readonly DealerNode[]): TreeDataNode[] =>
      nodes.map((node) => ({
        key: node.id,
        title: (
          <span>
            {node.name}
            {node.status === 'disabled' && <Tag style={{ marginInlineStart: 6 }}>{t('status.disabled')}</Tag>}
          </span>
        ),
        isLeaf: !node.has_children,
        children: node.children.length > 0 ? toData(node.children) : undefined,
      }));
    return toData(list);
  }, [list, t]);

  if (list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  return (
    <Tree
      blockNode
      treeData={treeData}
      loadData={async (node) => {
        await store.load(Number(node.key));
      }}
      onSelect={(keys) => onSelect(keys.length > 0 ? findNode(list, Number(keys[0])) : null)}
    />
  );
}
