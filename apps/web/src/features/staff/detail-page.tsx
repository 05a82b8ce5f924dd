import { EditOutlined, UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Flex, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { parseTime } from '@dealer-hr/shared/time';
import { DictType, type DictTypeId } from '@dealer-hr/shared/dictionary-types';
import { useDictionaryLabel } from '../../components/dictionary-select';
import { Permission, usePermission } from '../../components/permission';
import { findMenu } from '../../lib/menu-tree';
import { useMenuTree } from '../../lib/session-queries';
import { useIdParam } from '../../lib/use-id-param';
import { staffDetailQuery, type Assignment, type StaffDetail } from './api';
import { IdNumber } from './id-number';
import { EMPTY, StatusTag, orEmpty } from './labels';
import { StaffFormDialog } from './staff-form-dialog';
import { RecordDescriptions } from '../../components/record-descriptions';

const LIST_PATH = '/staff/list';

/**
 * `/staff/detail?id=N` (员工详情, a hidden page of the menu): one person's profile, where they have worked
 * (main and part-time posts, newest first) and their login account. 编辑 opens the profile form.
 */
export function StaffDetailPage() {
  const { t } = useTranslation('staff');
  const [id] = useIdParam('id');
  if (id === null) {
    return (
      <Card>
        <Result status="warning" title={t('detail.noId')} extra={<BackToList />} />
      </Card>
    );
  }
  // Another person is another page: nothing of the previous one (a revealed number) is kept.
  return <StaffProfile key={id} id={id} />;
}

/** 返回花名册, when the user's menu has the roster. */
function BackToList() {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const { data: menus } = useMenuTree();
  if (!findMenu(menus, LIST_PATH)) return null;
  return (
    <Button icon={<UnorderedListOutlined />} onClick={() => void navigate(LIST_PATH)}>
      {t('actions.backToList')}
    </Button>
  );
}

function StaffProfile({ id }: { id: number }) {
  const { t } = useTranslation('staff');
  const detail = useQuery(staffDetailQuery(id));
  const [editing, setEditing] = useState(false);
  const staff = detail.data;

  if (!staff) {
    return (
      <Card>
        {/* A missing person (an old link) has been reported by the API client. */}
        {detail.isError ? (
          <Empty description={t('detail.notFound')}>
            <BackToList />
          </Empty>
        ) : (
          <Skeleton active avatar paragraph={{ rows: 8 }} />
        )}
      </Card>
    );
  }

  return (
    <Card
      title={t('detail.title')}
      extra={
        <Space wrap>
          <Permission name="staff:detail:update">
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Button>
          </Permission>
          <BackToList />
        </Space>
      }
    >
      <Flex vertical gap={24}>
        <ProfileHeader staff={staff} />
        <Profile staff={staff} />
        <section>
          <Typography.Title level={5}>{t('detail.assignments')}</Typography.Title>
          <Assignments assignments={staff.assignments} />
        </section>
        <section>
          <Typography.Title level={5}>{t('detail.account')}</Typography.Title>
          <Account staff={staff} />
        </section>
      </Flex>
      <StaffFormDialog staffId={editing ? staff.id : null} onClose={() => setEditing(false)} />
    </Card>
  );
}

/** Photo, name, number, status and where the person works. */
function ProfileHeader({ staff }: { staff: StaffDetail }) {
  const placement = [staff.store_name, staff.department_name, staff.post_name].filter(Boolean).join(' / ');
  return (
    <Flex gap={16} align="center" wrap>
      <Avatar size={64} src={staff.face_url ?? undefined} icon={<UserOutlined />} alt={staff.name} />
      <Flex vertical gap={4} style={{ minWidth: 0 }}>
        <Space wrap size={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {staff.name}
          </Typography.Title>
          <StatusTag status={staff.status} />
        </Space>
        <Typography.Text type="secondary">
          {staff.employee_no}
          {placement && ` · ${placement}`}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The dictionaries a profile names, in the reader's language. */
const PROFILE_DICTIONARIES = [
  DictType.ID_CARD,
  DictType.ETHNICITY,
  DictType.MARITAL_STATUS,
  DictType.EDUCATION,
  DictType.REGION,
  DictType.EMPLOYEE_TYPE,
  DictType.HAS_LICENSE,
];

/** Every field of the record, dictionary items by name in the reader's language. */
function Profile({ staff }: { staff: StaffDetail }) {
  const { t } = useTranslation('staff');
  const can = usePermission();
  const label = useDictionaryLabel(PROFILE_DICTIONARIES);
  /** A field holding a dictionary item: its name in the reader's language, the record's own name else. */
  const dictionaryField = (key: string, type: DictTypeId, id: number | null, name: string | null) => ({
    key,
    label: t(`fields.${key}`),
    children: orEmpty(label(type, id, name)),
  });

  const items: DescriptionsProps['items'] = [
    { key: 'employeeNo', label: t('fields.employeeNo'), children: staff.employee_no },
    { key: 'name', label: t('fields.name'), children: staff.name },
    { key: 'gender', label: t('fields.gender'), children: t(`gender.${staff.gender}`) },
    { key: 'phone', label: t('fields.phone'), children: staff.phone },
    { key: 'email', label: t('fields.email'), children: orEmpty(staff.email) },
    dictionaryField('idType', DictType.ID_CARD, staff.id_type_id, staff.id_type_name),
    {
      key: 'idNumber',
      label: t('fields.idNumber'),
      children: (
        <IdNumber
          key={staff.id_number}
          id={staff.id}
          masked={staff.id_number}
          canReveal={can('staff:detail:reveal-id')}
        />
      ),
    },
    { key: 'birthDate', label: t('fields.birthDate'), children: orEmpty(staff.birth_date) },
    {
      key: 'height',
      label: t('fields.height'),
      children: staff.height === null ? EMPTY : `${staff.height} cm`,
    },
    dictionaryField('ethnicity', DictType.ETHNICITY, staff.ethnicity_id, staff.ethnicity_name),
    dictionaryField(
      'maritalStatus',
      DictType.MARITAL_STATUS,
      staff.marital_status_id,
      staff.marital_status_name,
    ),
    dictionaryField('education', DictType.EDUCATION, staff.education_id, staff.education_name),
    { key: 'college', label: t('fields.college'), children: orEmpty(staff.college) },
    dictionaryField('region', DictType.REGION, staff.region_id, staff.region_name),
    dictionaryField('employeeType', DictType.EMPLOYEE_TYPE, staff.employee_type_id, staff.employee_type_name),
    dictionaryField('hasLicense', DictType.HAS_LICENSE, staff.has_license_id, staff.has_license_name),
    { key: 'status', label: t('fields.status'), children: <StatusTag status={staff.status} /> },
    { key: 'entryDate', label: t('fields.entryDate'), children: staff.entry_date },
    { key: 'leftOn', label: t('fields.leftOn'), children: orEmpty(staff.left_on) },
    { key: 'store', label: t('fields.store'), children: orEmpty(staff.store_name) },
    { key: 'department', label: t('fields.department'), children: orEmpty(staff.department_name) },
    { key: 'post', label: t('fields.post'), children: orEmpty(staff.post_name) },
    { key: 'workUserId', label: t('fields.workUserId'), children: orEmpty(staff.work_user_id) },
    { key: 'createdAt', label: t('fields.createdAt'), children: orEmpty(parseTime(staff.created_at)) },
    { key: 'updatedAt', label: t('fields.updatedAt'), children: orEmpty(parseTime(staff.updated_at)) },
  ];

  return (
    <section>
      <Typography.Title level={5}>{t('detail.profile')}</Typography.Title>
      <RecordDescriptions column={{ xs: 1, sm: 2, xl: 3 }} items={items} />
    </section>
  );
}

/** The posts held over time, the newest first, as the server orders them. */
function Assignments({ assignments }: { assignments: Assignment[] }) {
  const { t } = useTranslation('staff');
  const columns: TableColumnsType<Assignment> = [
    {
      title: t('assignment.kind'),
      dataIndex: 'is_main',
      width: 80,
      render: (isMain: boolean, row) =>
        row.kind !== 'post' ? (
          // A dispatch or a rotation stage: held for a period, beside the person's own post.
          <Tag color={row.kind === 'dispatch' ? 'purple' : 'cyan'}>{t(`assignment.${row.kind}`)}</Tag>
        ) : isMain ? (
          <Tag color="blue">{t('assignment.main')}</Tag>
        ) : (
          <Tag>{t('assignment.partTime')}</Tag>
        ),
    },
    { title: t('fields.store'), dataIndex: 'store_name', width: 150, render: orEmpty },
    { title: t('fields.department'), dataIndex: 'department_name', width: 150, render: orEmpty },
    { title: t('fields.post'), dataIndex: 'post_name', width: 130, render: orEmpty },
    { title: t('assignment.start'), dataIndex: 'start_date', width: 110 },
    {
      title: t('assignment.end'),
      dataIndex: 'end_date',
      width: 110,
      render: (end: string | null) => end ?? <Tag color="green">{t('assignment.current')}</Tag>,
    },
  ];
  return (
    <Table<Assignment>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={assignments}
      pagination={false}
      scroll={{ x: 730 }}
      locale={{ emptyText: t('assignment.none') }}
    />
  );
}

/** The login account: its name, whether it may sign in, whether it is a salesperson's. */
function Account({ staff }: { staff: StaffDetail }) {
  const { t } = useTranslation('staff');
  const { account } = staff;
  if (!account) return <Typography.Text type="secondary">{t('account.none')}</Typography.Text>;
  const statusName = t(`account.statuses.${account.status}`, { defaultValue: account.status });
  return (
    <RecordDescriptions
      column={{ xs: 1, sm: 3 }}
      items={[
        { key: 'username', label: t('account.username'), children: account.username },
        {
          key: 'status',
          label: t('account.status'),
          children: <Tag color={account.status === 'active' ? 'green' : 'red'}>{statusName}</Tag>,
        },
        { key: 'isSale', label: t('account.isSale'), children: account.is_sale ? t('yes') : t('no') },
      ]}
    />
  );
}
