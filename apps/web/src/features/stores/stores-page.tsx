import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DeleteButton } from '../../components/delete-button';
import { DictionarySelect } from '../../components/dictionary-select';
import { FilterActions } from '../../components/filter-actions';
import { PagedTable } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
import { useFixedActions } from '../../components/use-fixed-actions';
import { useListFilters } from '../../lib/use-list-filters';
import {
  STORES_KEY,
  deleteStore,
  fetchDealerNodes,
  storeListQuery,
  type DealerNode,
  type Store,
  type StoreFilters,
} from './api';
import { createDealerNetworkStore } from './dealer-network-store';
import { DealerNetworkTree } from './dealer-network-tree';
import { StatusDialog } from './status-dialog';
import { StoreFormDialog } from './store-form-dialog';

/** `/organization/stores`: the dealer network beside the store list with its create, edit, status and delete. */
export function StoresPage() {
  const fixedActions = useFixedActions();
  const { t } = useTranslation('stores');
  const { message } = App.useApp();
  const can = usePermission();
  const queryClient = useQueryClient();
  const [network] = useState(() => createDealerNetworkStore<DealerNode>(fetchDealerNodes));
  const { list: regions } = useSyncExternalStore(network.subscribe, network.getSnapshot);
  const [treeVersion, setTreeVersion] = useState(0);
  const [filterForm] = Form.useForm<StoreFilters>();
  const { filters, paging, setPaging, search } = useListFilters<StoreFilters>();
  const list = useQuery(storeListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ store: Store | null } | null>(null);
  const [switching, setSwitching] = useState<Store | null>(null);

  // A change of a store changes the network: drop the cache, then fetch the roots again.
  const refreshNetwork = useCallback(
    () =>
      network.clear(() => {
        setTreeVersion((version) => version + 1);
        void network.load();
      }),
    [network],
  );

  const remove = useMutation({
    mutationFn: (store: Store) => deleteStore(store.id),
    onSuccess: async () => {
      void message.success(t('messages.deleted'));
      refreshNetwork();
      await queryClient.invalidateQueries({ queryKey: [STORES_KEY] });
    },
    // A refusal (409: staff or a headcount plan) is shown by the API client with the server's message.
  });

  const pick = (node: DealerNode | null) => {
    filterForm.resetFields();
    if (node?.kind === 'region') filterForm.setFieldsValue({ region_id: node.id });
    if (node?.kind === 'store') filterForm.setFieldsValue({ keyword: node.code ?? node.name });
    search(filterForm.getFieldsValue());
  };

  const regionOptions = regions.map((region) => ({ value: region.id, label: region.name }));
  const canChange = can('organization:stores:update');
  const canDelete = can('organization:stores:delete');

  const columns: TableColumnsType<Store> = [
    { title: t('columns.code'), dataIndex: 'code', width: 110 },
    { title: t('columns.name'), dataIndex: 'name', width: 180 },
    { title: t('columns.region'), dataIndex: 'regionName', width: 110 },
    { title: t('columns.storeType'), dataIndex: 'storeTypeName', width: 110 },
    { title: t('columns.brand'), dataIndex: 'brandName', width: 100 },
    { title: t('columns.category'), dataIndex: 'categoryName', width: 100 },
    { title: t('columns.city'), dataIndex: 'city', width: 90 },
    { title: t('columns.staff'), dataIndex: 'staffCount', width: 80, align: 'right' },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: Store['status'], store) => {
        const tag = <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
        return store.statusReason ? <Tooltip title={store.statusReason}>{tag}</Tooltip> : tag;
      },
    },
    ...(canChange || canDelete
      ? [
          {
            title: t('columns.actions'),
            key: 'actions',
            fixed: fixedActions,
            width: 200,
            render: (_value: unknown, store: Store) => (
              <Space size={0} wrap>
                {canChange && (
                  <>
                    <Button type="link" size="small" onClick={() => setEditing({ store })}>
                      {t('actions.edit')}
                    </Button>
                    <Button type="link" size="small" onClick={() => setSwitching(store)}>
                      {t(store.status === 'active' ? 'actions.disable' : 'actions.enable')}
                    </Button>
                  </>
                )}
                {canDelete && (
                  <DeleteButton
                    title={t('messages.deleteConfirm', { name: store.name })}
                    onConfirm={() => remove.mutateAsync(store)}
                  />
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6}>
        <Card title={t('tree.title')} size="small">
          <DealerNetworkTree key={treeVersion} store={network} onSelect={pick} />
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card>
          <Flex vertical gap={16}>
            <Form form={filterForm} layout="inline" onFinish={search} name="store-filters">
              <Form.Item name="keyword" label={t('filters.keyword')}>
                <Input allowClear placeholder={t('filters.keywordPlaceholder')} style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name="region_id" label={t('filters.region')}>
                <Select
                  allowClear
                  placeholder={t('filters.all')}
                  style={{ width: 140 }}
                  options={regionOptions}
                />
              </Form.Item>
              <Form.Item name="store_type_id" label={t('filters.storeType')}>
                <DictionarySelect
                  typeId={DictType.STORE_TYPE}
                  allowClear
                  placeholder={t('filters.all')}
                  style={{ width: 140 }}
                />
              </Form.Item>
              <Form.Item name="brand_id" label={t('filters.brand')}>
                <DictionarySelect
                  typeId={DictType.STORE_BRAND}
                  allowClear
                  placeholder={t('filters.all')}
                  style={{ width: 140 }}
                />
              </Form.Item>
              <Form.Item name="category_id" label={t('filters.category')}>
                <DictionarySelect
                  typeId={DictType.STORE_CATEGORY}
                  allowClear
                  placeholder={t('filters.all')}
                  style={{ width: 140 }}
                />
              </Form.Item>
              <Form.Item name="status" label={t('filters.status')}>
                <Select
                  allowClear
                  placeholder={t('filters.all')}
                  style={{ width: 120 }}
                  options={[
                    { value: 'active', label: t('status.active') },
                    { value: 'disabled', label: t('status.disabled') },
                  ]}
                />
              </Form.Item>
              <FilterActions onReset={() => search({})} />
            </Form>
            <Permission name="organization:stores:create">
              <div>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ store: null })}>
                  {t('actions.create')}
                </Button>
              </div>
            </Permission>
            <PagedTable
              columns={columns}
              list={list}
              scroll={{ x: 1100 }}
              paging={paging}
              onPaging={setPaging}
            />
          </Flex>
        </Card>
      </Col>
      <StoreFormDialog
        open={editing !== null}
        store={editing?.store ?? null}
        regions={regions}
        onClose={() => setEditing(null)}
        onSaved={refreshNetwork}
      />
      <StatusDialog store={switching} onClose={() => setSwitching(null)} onSaved={refreshNetwork} />
    </Row>
  );
}
