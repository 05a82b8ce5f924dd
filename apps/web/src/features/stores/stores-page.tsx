import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Flex, Form, Row, Space, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DeleteButton } from '../../components/delete-button';
import { DictionarySelect } from '../../components/dictionary-select';
import { FilterBar, FilterField, SelectFilter, TextFilter } from '../../components/filter-bar';
import { CreateAction } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { usePermission } from '../../components/permission';
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
            <FilterBar name="store-filters" form={filterForm} onSearch={search} labelled>
              <TextFilter
                name="keyword"
                label={t('filters.keyword')}
                placeholder={t('filters.keywordPlaceholder')}
                width={180}
              />
              <SelectFilter
                name="region_id"
                label={t('filters.region')}
                placeholder={t('filters.all')}
                width={140}
                options={regionOptions}
              />
              <FilterField
                name="store_type_id"
                label={t('filters.storeType')}
                placeholder={t('filters.all')}
                width={140}
              >
                {(control) => <DictionarySelect typeId={DictType.STORE_TYPE} {...control} />}
              </FilterField>
              <FilterField
                name="brand_id"
                label={t('filters.brand')}
                placeholder={t('filters.all')}
                width={140}
              >
                {(control) => <DictionarySelect typeId={DictType.STORE_BRAND} {...control} />}
              </FilterField>
              <FilterField
                name="category_id"
                label={t('filters.category')}
                placeholder={t('filters.all')}
                width={140}
              >
                {(control) => <DictionarySelect typeId={DictType.STORE_CATEGORY} {...control} />}
              </FilterField>
              <SelectFilter
                name="status"
                label={t('filters.status')}
                placeholder={t('filters.all')}
                width={120}
                options={[
                  { value: 'active', label: t('status.active') },
                  { value: 'disabled', label: t('status.disabled') },
                ]}
              />
            </FilterBar>
            {/* At the start of its row, not stretched across the column. */}
            <CreateAction
              permission="organization:stores:create"
              onClick={() => setEditing({ store: null })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('actions.create')}
            </CreateAction>
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
