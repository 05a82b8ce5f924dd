import { useTranslation } from 'react-i18next';
import { ONBOARDING_COMMENT_MAX, onboardingLabels } from '@dealer-hr/shared/onboarding/rules';
import { DecisionDialog as RecordDecisionDialog } from '../../../components/decision-dialog';
import { decideEntry, type DecisionKind } from './api';

interface DecisionDialogProps {
  /** The entry and what is decided on it; null when closed. */
  decision: { kind: DecisionKind; id: number } | null;
  onClose(): void;
  /** After the server has answered (a refusal too: the entry may have been decided by someone else). */
  onSettled(): Promise<unknown>;
}

/** 通过 with an optional comment, 驳回 with the required one HR reads. */
export function DecisionDialog(props: DecisionDialogProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'induction' });
  return (
    <RecordDecisionDialog
      {...props}
      decide={decideEntry}
      commentLabel={onboardingLabels.comment}
      commentMax={ONBOARDING_COMMENT_MAX}
      name="induction-decision"
      texts={(kind) => ({
        title: t(`decision.title.${kind}`),
        ok: t(`actions.${kind}`),
        comment: t('decision.comment'),
        placeholder: t(`decision.placeholder.${kind}`),
        done: t(`decision.done.${kind}`),
        required: t('decision.commentRequired'),
        tooLong: t('decision.tooLong', { max: ONBOARDING_COMMENT_MAX }),
      })}
    />
  );
}
