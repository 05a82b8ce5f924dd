import { ArrowLeftOutlined, CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictType } from '@dealer-hr/shared/dictionary-types';
import { ONBOARDING_DOCUMENTS } from '@dealer-hr/shared/onboarding/rules';
import { parseTime } from '@dealer-hr/shared/time';
import { dictionaryName, useDictionary } from '../../../components/dictionary-select';
import { FilePreview } from '../../../components/file-preview';
import { usePermission } from '../../../components/permission';
import { ONBOARDING_KEY, onboardingDetailQuery, type OnboardingDetail } from '../api';
import { StatusTag, useOnboardingNames } from '../labels';
import type { DecisionKind } from './api';
import { DecisionDialog } from './decision-dialog';
import { RecordDescriptions } from '../../../components/record-descriptions';

const EMPTY = '-';
const orEmpty = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : value;

const DICTIONARIES = [
  DictType.ID_CARD,
  DictType.ETHNICITY,
  DictType.MARITAL_STATUS,
  DictType.EDUCATION,
  DictType.REGION,
  DictType.HAS_LICENSE,
  DictType.EMPLOYEE_TYPE,
];

const descriptions = (items: DescriptionsProps['items']) => (
  <RecordDescriptions column={{ xs: 1, sm: 2, xl: 3 }} items={items} />
);

interface EntryReviewProps {
  id: number;
  onBack(): void;
}

/**
 * One entry as the approver checks it: every step, dictionary items by name, the documents with their
 * previews, and 通过 / 驳回 when the caller has the task now (`approval.task_id`) and the permission.
 */
export function EntryReview({ id, onBack }: EntryReviewProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  const queryClient = useQueryClient();
  const can = usePermission();
  const detail = useQuery(onboardingDetailQuery(id));
  const [decision, setDecision] = useState<{ kind: DecisionKind; id: number } | null>(null);
  const entry = detail.data;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {t('actions.back')}
    </Button>
  );

  if (!entry) {
    return (
      <Card>
        {/* A missing entry (an old link) has been reported by the API client. */}
        {detail.isError ? (
          <Empty description={t('detail.notFound')}>{back}</Empty>
        ) : (
          <Skeleton active paragraph={{ rows: 10 }} />
        )}
      </Card>
    );
  }

  const hasTask = entry.approval?.task_id !== null && entry.approval?.task_id !== undefined;
  const decide = (kind: DecisionKind) => setDecision({ kind, id: entry.id });

  return (
    <Card
      title={t('detail.title')}
      extra={
        <Space wrap>
          {hasTask && can('processapproval:inductionfirst:reject') && (
            <Button danger icon={<CloseOutlined />} onClick={() => decide('reject')}>
              {t('actions.reject')}
            </Button>
          )}
          {hasTask && can('processapproval:inductionfirst:approve') && (
            <Button type="primary" icon={<CheckOutlined />} onClick={() => decide('approve')}>
              {t('actions.approve')}
            </Button>
          )}
          {back}
        </Space>
      }
    >
      <Flex vertical gap={24}>
        <ReviewHeader entry={entry} />
        <EntrySections entry={entry} />
      </Flex>
      <DecisionDialog
        decision={decision}
        onClose={() => setDecision(null)}
        onSettled={() => queryClient.invalidateQueries({ queryKey: [ONBOARDING_KEY] })}
      />
    </Card>
  );
}

function ReviewHeader({ entry }: { entry: OnboardingDetail }) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  return (
    <Flex vertical gap={4}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {entry.name}
        </Typography.Title>
        <StatusTag status={entry.status} />
      </Flex>
      <Typography.Text type="secondary">
        {[entry.store_name, entry.department_name, entry.post_name].join(' / ')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('detail.submitted', { by: entry.created_by ?? EMPTY, at: parseTime(entry.submitted_at) ?? EMPTY })}
      </Typography.Text>
    </Flex>
  );
}

/** The three steps as saved. */
function EntrySections({ entry }: { entry: OnboardingDetail }) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  const names = useOnboardingNames();
  const dictionary = useDictionary(DICTIONARIES);
  const name = (typeId: number, id: number | null | undefined) =>
    orEmpty(dictionaryName(dictionary[typeId], id) ?? (id ? String(id) : null));
  const { personal, contract } = entry;

  const personalItems: DescriptionsProps['items'] = [
    { key: 'name', label: t('fields.name'), children: entry.name },
    { key: 'phone', label: t('fields.phone'), children: entry.phone },
    { key: 'gender', label: t('fields.gender'), children: personal ? names.gender(personal.gender) : EMPTY },
    {
      key: 'idType',
      label: t('fields.idType'),
      children: orEmpty(dictionaryName(dictionary[DictType.ID_CARD], entry.id_type_id) ?? entry.id_type_name),
    },
    { key: 'idNumber', label: t('fields.idNumber'), children: entry.id_number },
    { key: 'birthDate', label: t('fields.birthDate'), children: orEmpty(personal?.birth_date) },
    { key: 'email', label: t('fields.email'), children: orEmpty(personal?.email) },
    {
      key: 'height',
      label: t('fields.height'),
      children: personal ? `${personal.height} cm` : EMPTY,
    },
    {
      key: 'ethnicity',
      label: t('fields.ethnicity'),
      children: name(DictType.ETHNICITY, personal?.ethnicity_id),
    },
    {
      key: 'maritalStatus',
      label: t('fields.maritalStatus'),
      children: name(DictType.MARITAL_STATUS, personal?.marital_status_id),
    },
    {
      key: 'education',
      label: t('fields.education'),
      children: name(DictType.EDUCATION, personal?.education_id),
    },
    { key: 'college', label: t('fields.college'), children: orEmpty(personal?.college) },
    { key: 'region', label: t('fields.region'), children: name(DictType.REGION, personal?.region_id) },
    {
      key: 'hasLicense',
      label: t('fields.hasLicense'),
      children: name(DictType.HAS_LICENSE, personal?.has_license_id),
    },
  ];

  const documentItems: DescriptionsProps['items'] = ONBOARDING_DOCUMENTS.map((document) => {
    const file = entry.documents.find((uploaded) => uploaded.purpose === document);
    return {
      key: document,
      label: names.document(document),
      children: file ? (
        <FilePreview key={file.id} file={file} />
      ) : (
        <Typography.Text type="secondary">{t('detail.noFile')}</Typography.Text>
      ),
    };
  });

  const contractItems: DescriptionsProps['items'] = [
    { key: 'store', label: t('fields.store'), children: entry.store_name },
    { key: 'department', label: t('fields.department'), children: entry.department_name },
    { key: 'post', label: t('fields.post'), children: entry.post_name },
    { key: 'entryDate', label: t('fields.entryDate'), children: orEmpty(contract?.entry_date) },
    {
      key: 'employeeType',
      label: t('fields.employeeType'),
      children: name(DictType.EMPLOYEE_TYPE, contract?.employee_type_id),
    },
    {
      key: 'probation',
      label: t('fields.probation'),
      children: contract ? t('detail.months', { months: contract.probation_months }) : EMPTY,
    },
    {
      key: 'contract',
      label: t('fields.contract'),
      children: contract ? `${contract.contract_start} ~ ${contract.contract_end}` : EMPTY,
    },
    { key: 'username', label: t('fields.username'), children: orEmpty(contract?.username) },
    {
      key: 'isSale',
      label: t('fields.isSale'),
      children: contract ? t(contract.is_sale ? 'detail.yes' : 'detail.no') : EMPTY,
    },
  ];

  return (
    <>
      <section>
        <Typography.Title level={5}>{names.step('personal')}</Typography.Title>
        {descriptions(personalItems)}
      </section>
      <section>
        <Typography.Title level={5}>{names.step('documents')}</Typography.Title>
        {descriptions(documentItems)}
      </section>
      <section>
        <Typography.Title level={5}>{names.step('contract')}</Typography.Title>
        {descriptions(contractItems)}
      </section>
    </>
  );
}
