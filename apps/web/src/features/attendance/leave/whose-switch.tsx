import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../components/permission';

export type Whose = 'mine' | 'team';

/**
 * 团队 / 我的 of the leave page's lists: a reviewer (who may export the team's leave) sees the team's by
 * default and may switch to their own; everyone else sees only their own. `mine` is what the list asks for.
 */
export function useWhose() {
  const reviewer = usePermission()('attendance:leave:export');
  const [whose, setWhose] = useState<Whose>(reviewer ? 'team' : 'mine');
  return { reviewer, whose, setWhose, mine: !reviewer || whose === 'mine' };
}

export function WhoseSwitch({ value, onChange }: { value: Whose; onChange(whose: Whose): void }) {
  const { t } = useTranslation('attendanceLeave');
  return (
    <Segmented
      value={value}
      onChange={(chosen) => onChange(chosen as Whose)}
      options={[
        { value: 'team', label: t('team') },
        { value: 'mine', label: t('mine') },
      ]}
    />
  );
}
