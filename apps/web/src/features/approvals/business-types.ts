import { useTranslation } from 'react-i18next';
import { APPROVAL_BUSINESS_TYPES, type ApprovalBusinessType } from '@dealer-hr/shared/approvals/rules';

/**
 * What each business type (请假, 入职...) is called, for the flows and the approval lists alike. The names
 * are in the common namespace, where the messages of other pages read them too.
 */
export function useBusinessTypes() {
  const { t } = useTranslation('common');
  const label = (type: ApprovalBusinessType) => t(`approvalBusinessTypes.${type}`);
  return { label, options: APPROVAL_BUSINESS_TYPES.map((type) => ({ value: type, label: label(type) })) };
}
