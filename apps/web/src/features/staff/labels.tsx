import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmployeeStatus } from '@dealer-hr/shared/dictionary-types';

// How the directory's vocabulary (EmployeeStatus of packages/shared, gender) looks on its pages.

const statusColors: Record<EmployeeStatus, string> = {
  probation: 'blue',
  regular: 'green',
  resigning: 'orange',
  resigned: 'default',
  frozen: 'red',
};

/** A person's status (试用期, 正式, 离职中, 已离职, 冻结): the names of dictionary 25, whose codes these are. */
export function StatusTag({ status }: { status: EmployeeStatus }) {
  const { t } = useTranslation('staff');
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
}

/** Shown for a value the record does not have. */
export const EMPTY = '-';

/** The value, or `-` when there is none. */
export const orEmpty = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY : value;
