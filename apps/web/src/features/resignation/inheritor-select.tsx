import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchKeyword } from '../../lib/use-search-keyword';
import { handoverInheritorsQuery } from './handover-api';

interface InheritorSelectProps {
  resignationId: number;
  value?: number | null;
  onChange(value: number | null): void;
  /** The store's proposal is chosen as soon as it is known (the hand-over of everything not handed yet). */
  chooseProposed?: boolean;
  id?: string;
}

/**
 * 接替人: a colleague who can take the leaver's customers over (on staff, in scope, on the work-messaging
 * platform), searched by name, pinyin or number; the store's setting proposes one, listed first.
 */
export function InheritorSelect({
  resignationId,
  value,
  onChange,
  chooseProposed = false,
  id,
}: InheritorSelectProps) {
  const { t } = useTranslation('resignation');
  const [typed, setTyped, keyword] = useSearchKeyword();
  const people = useQuery(handoverInheritorsQuery(resignationId, keyword));
  const proposed = people.data?.find((person) => person.proposed);
  useEffect(() => {
    if (chooseProposed && proposed && (value === null || value === undefined)) onChange(proposed.id);
  }, [chooseProposed, proposed, value, onChange]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
      allowClear
      value={value ?? undefined}
      onChange={(next?: number) => onChange(next ?? null)}
      loading={people.isFetching}
      placeholder={t('handover.inheritorPlaceholder')}
      aria-label={t('handover.inheritor')}
      style={{ minWidth: 240 }}
      options={(people.data ?? []).map((person) => ({
        value: person.id,
        label: `${person.name}（${person.store_name ?? person.department_name} · ${person.post_name}）${
          person.proposed ? ` · ${t('handover.proposed')}` : ''
        }`,
      }))}
    />
  );
}
