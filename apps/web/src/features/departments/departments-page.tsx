import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Input, Row, Tag, Tooltip, Tree, Typography } from 'antd';
import type { TreeDataNode } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPARTMENTS_KEY, TREE_KEY, departmentTreeQuery, type DepartmentNode } from './api';
import { DepartmentPanel } from './department-panel';
import { filterTree, looksLikePinyin, loadSpell, nameMatches, type Spell } from './tree-search';
import styles from './departments-page.module.css';

/** Tall enough for a screen of nodes; the tree scrolls (virtually) inside it. */
const TREE_HEIGHT = 560;

interface DepartmentTreeNode extends TreeDataNode {
  disabledDepartment: boolean;
}

const toTreeData = (nodes: readonly DepartmentNode[]): DepartmentTreeNode[] =>
  nodes.map((node) => ({
    key: node.id,
    title: node.name,
    disabledDepartment: node.status === 'disabled',
    isLeaf: !node.children,
    children: node.children ? toTreeData(node.children) : undefined,
  }));

/** The first two levels: the group and its regions (and head-office departments). */
const defaultExpanded = (nodes: readonly DepartmentNode[]): number[] => nodes.map((node) => node.id);

/** `/organization/departments`: the searchable department tree beside the chosen node's detail and staff. */
export function DepartmentsPage() {
  const { t } = useTranslation('departments');
  const queryClient = useQueryClient();
  const tree = useQuery(departmentTreeQuery());
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [spell, setSpell] = useState<Spell | undefined>(undefined);

  // Until the user chooses, the first root is the chosen node (also after the chosen one was deleted).
  const chosenId = selectedId ?? nodes[0]?.id ?? null;

  const wantsPinyin = !spell && looksLikePinyin(query);
  useEffect(() => {
    if (!wantsPinyin) return;
    let current = true;
    loadSpell().then(
      (loaded) => current && setSpell(() => loaded),
      // Without the dictionary the search still matches names; nothing else to do.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wantsPinyin]);

  const filtered = useMemo(() => {
    if (!query.trim()) return null;
    // Spellings are cached per name: a keystroke must not spell 300 names again.
    const cache = new Map<string, ReturnType<Spell>>();
    const cachedSpell: Spell | undefined = spell
      ? (text) => {
          let spelled = cache.get(text);
          if (!spelled) cache.set(text, (spelled = spell(text)));
          return spelled;
        }
      : undefined;
    return filterTree(nodes, (node) => nameMatches(node.name, query, cachedSpell));
  }, [nodes, query, spell]);

  const treeData = useMemo(() => toTreeData(filtered?.nodes ?? nodes), [filtered, nodes]);
  const expandedKeys = filtered ? filtered.expandedIds : (expanded ?? defaultExpanded(nodes));

  const refresh = useCallback(async () => {
    // Clear, not just mark stale: the refresh of docs/web.md "Trees and dictionaries" drops the cached tree and fetches it again.
    await Promise.all([
      queryClient.resetQueries({ queryKey: TREE_KEY }),
      queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY, 'detail'] }),
      queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY, 'staff'] }),
    ]);
  }, [queryClient]);

  /** After a change: the tree, details and staff lists refetch; `id` becomes the chosen node. */
  const changed = useCallback(
    async (id: number | null) => {
      setSelectedId(id);
      await queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });
    },
    [queryClient],
  );

  return (
    <Row gutter={[16, 16]} className={styles.page}>
      <Col xs={24} lg={8} xl={7}>
        <Card
          title={t('tree.title')}
          size="small"
          extra={
            <Tooltip title={t('tree.refresh')}>
              <Button
                type="text"
                size="small"
                aria-label={t('tree.refresh')}
                icon={<ReloadOutlined />}
                loading={tree.isFetching}
                onClick={() => void refresh()}
              />
            </Tooltip>
          }
        >
          <Flex vertical gap={8}>
            <Input.Search
              allowClear
              placeholder={t('tree.searchPlaceholder')}
              aria-label={t('tree.searchPlaceholder')}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
            {filtered && (
              <Typography.Text type="secondary">
                {t('tree.matches', { total: filtered.matchCount })}
              </Typography.Text>
            )}
            {tree.isError ? (
              <Empty description={t('tree.failed')} />
            ) : treeData.length === 0 && !tree.isLoading ? (
              <Empty description={query.trim() ? t('tree.noMatch') : t('tree.empty')} />
            ) : (
              <Tree<DepartmentTreeNode>
                blockNode
                height={TREE_HEIGHT}
                treeData={treeData}
                expandedKeys={expandedKeys}
                onExpand={(keys) => setExpanded(keys.map(Number))}
                selectedKeys={chosenId === null ? [] : [chosenId]}
                onSelect={(keys) => {
                  if (keys[0] !== undefined) setSelectedId(Number(keys[0]));
                }}
                titleRender={(node) => (
                  <span className={styles.nodeTitle}>
                    {String(node.title)}
                    {node.disabledDepartment && (
                      <Tag className={styles.statusTag} variant="filled">
                        {t('status.disabled')}
                      </Tag>
                    )}
                  </span>
                )}
              />
            )}
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        {chosenId === null ? (
          <Card>
            <Empty description={t('detail.none')} />
          </Card>
        ) : (
          <DepartmentPanel id={chosenId} tree={nodes} onChanged={changed} />
        )}
      </Col>
    </Row>
  );
}
