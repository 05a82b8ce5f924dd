import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportAction } from '../../components/list-toolbar';
import { usePhone } from '../../components/use-phone';
import { exportFilters, postTreeQuery, type PostTreeNode } from './api';

/** A row of the post tree: a department, or a post of a store. */
interface TreeLine {
  key: string;
  name: string;
  kind: string;
  headcount: number;
  planned: number;
  vacancy: number;
  children?: TreeLine[];
}

const treeLine = (node: PostTreeNode): TreeLine => {
  const children = [
    ...node.children.map(treeLine),
    ...node.posts.map((post) => ({
      key: `${node.id}-post-${post.post_id}`,
      name: post.name,
      kind: 'post',
      headcount: post.held,
      planned: post.planned,
      vacancy: post.vacancy,
    })),
  ];
  return {
    key: String(node.id),
    name: node.name,
    kind: node.kind,
    headcount: node.headcount,
    planned: node.planned,
    vacancy: node.vacancy,
    children: children.length > 0 ? children : undefined,
  };
};

/** The department tree with each node's headcount against its plan, opened a level at a time. */
export function PostTreeCard({ departmentId }: { departmentId: number | undefined }) {
  const { t } = useTranslation('statistics');
  const filters = { department_id: departmentId };
  const tree = useQuery(postTreeQuery(filters));
  const lines = (tree.data?.nodes ?? []).map(treeLine);
  // On a phone the names need the width: the kind's tag goes (a store's posts read as posts anyway) and
  // the figures narrow.
  const phone = usePhone();
  const figureWidth = phone ? 52 : 70;
  return (
    <Card
      size="small"
      title={t('vacancy.postTree')}
      extra={
        <ExportAction
          permission="statistics:vacancy:export"
          kind="statistics_post_tree"
          filters={exportFilters(filters)}
        >
          {t('export')}
        </ExportAction>
      }
    >
      <Table<TreeLine>
        key={lines.map((line) => line.key).join()}
        size="small"
        rowKey="key"
        pagination={false}
        loading={tree.isFetching}
        dataSource={lines}
        expandable={{ defaultExpandedRowKeys: lines.map((line) => line.key) }}
        locale={{ emptyText: tree.isPending ? ' ' : t('empty.tree') }}
        columns={[
          { title: t('figures.name'), dataIndex: 'name', key: 'name' },
          ...(phone
            ? []
            : [
                {
                  title: t('figures.kind'),
                  dataIndex: 'kind',
                  key: 'kind',
                  width: 90,
                  render: (kind: string) => <Tag>{t(`kinds.${kind}`, { defaultValue: kind })}</Tag>,
                },
              ]),
          {
            title: t('figures.held'),
            dataIndex: 'headcount',
            key: 'headcount',
            width: figureWidth,
            align: 'right',
          },
          {
            title: t('figures.planned'),
            dataIndex: 'planned',
            key: 'planned',
            width: figureWidth,
            align: 'right',
          },
          {
            title: t('figures.vacancy'),
            dataIndex: 'vacancy',
            key: 'vacancy',
            width: figureWidth,
            align: 'right',
          },
        ]}
      />
    </Card>
  );
}
