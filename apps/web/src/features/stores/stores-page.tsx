import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Form, Row, Tag, Tooltip } from 'antd';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { DictionarySelect, useDictionaryLabel } from '../../components/dictionary-select';
import { useEditDeleteColumn } from '../../components/edit-delete-column';
import { FilterBar, FilterField, SelectFilter, TextFilter } from '../../components/filter-bar';
import { useListColumns } from '../../components/list-columns';
import { CreateAction, ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { Permission, usePermission } from '../../components/permission';
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
import { Unbroken } from '../../components/unbroken';

/** The dictionaries a store row names: its type, brand and category, in the reader's language. */
const STORE_DICTIONARIES = [DictType.STORE_TYPE, DictType.STORE_BRAND, DictType.STORE_CATEGORY];

/** `/organization/stores`: the dealer network beside the store list with its create, edit, status and delete. */
export function StoresPage() {
  const { t } = useTranslation('stores');
  const can = usePermission();
  const [network] = useState(() => createDealerNetworkStore<DealerNode>(fetchDealerNodes));
  const { list: regions } = useSyncExternalStore(network.subscribe, network.getSnapshot);
  const [treeVersion, setTreeVersion] = useState(0);
  const [filterForm] = Form.useForm<StoreFilters>();
  const { filters, paging, setPaging, search } = useListFilters<StoreFilters>();
  const list = useQuery(storeListQuery({ ...filters, ...paging }));
  const [editing, setEditing] = useState<{ store: Store | null } | null>(null);
  const [switching, setSwitching] = useState<Store | null>(null);
  const dictionaryLabel = useDictionaryLabel(STORE_DICTIONARIES);

  // A change of a store changes the network: drop the cache, then fetch the roots again.
  const refreshNetwork = useCallback(
    () =>
      network.clear(() => {
        setTreeVersion((version) => version + 1);
        void network.load();
      }),
    [network],
  );

  const pick = (node: DealerNode | null) => {
    filterForm.resetFields();
    if (node?.kind === 'region') filterForm.setFieldsValue({ region_id: node.id });
    if (node?.kind === 'store') filterForm.setFieldsValue({ keyword: node.code ?? node.name });
    search(filterForm.getFieldsValue());
  };

  const regionOptions = regions.map((region) => ({ value: region.id, label: region.name }));
  const actions = useEditDeleteColumn<Store>({
    width: 160,
    edit: { permission: 'organization:stores:update', onEdit: (store) => setEditing({ store }) },
    more: (store) => (
      <Permission name="organization:stores:update">
        <Button type="link" size="small" onClick={() => setSwitching(store)}>
          {t(store.status === 'active' ? 'actions.disable' : 'actions.enable')}
        </Button>
      </Permission>
    ),
    remove: {
      permission: 'organization:stores:delete',
      confirm: (store) => t('messages.deleteConfirm', { name: store.name }),
      request: (store) => deleteStore(store.id),
      done: t('messages.deleted'),
      onDeleted: refreshNetwork,
      invalidates: [[STORES_KEY]],
    },
  });
  // Without either permission the rows have no buttons: no column for them.
  const hasActions = can('organization:stores:update') || can('organization:stores:delete');

  const columns = useListColumns<Store>('stores', [
    {
      title: t('columns.code'),
      key: 'code',
      dataIndex: 'code',
      width: 90,
      card: 'field',
      render: (code: string) => <Unbroken>{code}</Unbroken>,
    },
    { title: t('columns.name'), key: 'name', dataIndex: 'name', width: 150, card: 'title' },
    { title: t('columns.region'), key: 'region', dataIndex: 'regionName', width: 100, card: 'field' },
    {
      title: t('columns.storeType'),
      key: 'storeType',
      dataIndex: 'storeTypeName',
      width: 100,
      choice: 'optional',
      render: (name: string | null, store) => dictionaryLabel(DictType.STORE_TYPE, store.storeTypeId, name),
    },
    {
      title: t('columns.brand'),
      key: 'brand',
      dataIndex: 'brandName',
      width: 90,
      choice: 'default',
      render: (name: string | null, store) => dictionaryLabel(DictType.STORE_BRAND, store.brandId, name),
    },
    {
      title: t('columns.category'),
      key: 'category',
      dataIndex: 'categoryName',
      width: 100,
      choice: 'optional',
      render: (name: string | null, store) =>
        dictionaryLabel(DictType.STORE_CATEGORY, store.categoryId, name),
    },
    { title: t('columns.city'), key: 'city', dataIndex: 'city', width: 90, choice: 'optional' },
    { title: t('columns.staff'), key: 'staff', dataIndex: 'staffCount', width: 80, align: 'right' },
    {
      title: t('columns.status'),
      key: 'status',
      dataIndex: 'status',
      width: 80,
      card: 'field',
      render: (status: Store['status'], store) => {
        const tag = <Tag color={status === 'active' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>;
        return store.statusReason ? <Tooltip title={store.statusReason}>{tag}</Tooltip> : tag;
      },
    },
    ...(hasActions ? [actions] : []),
  ]);

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
            <Flex justify="space-between" wrap gap={8}>
              <CreateAction
                permission="organization:stores:create"
                onClick={() => setEditing({ store: null })}
              >
                {t('actions.create')}
              </CreateAction>
              <ListToolbar>{columns.setting}</ListToolbar>
            </Flex>
            <PagedTable columns={columns} list={list} paging={paging} onPaging={setPaging} />
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
