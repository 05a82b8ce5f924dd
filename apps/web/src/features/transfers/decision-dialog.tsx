import { useTranslation } from 'react-i18next';
import { transferLabels } from '@dealer-hr/shared/transfers/rules';
import { DecisionDialog, type DecisionKind } from '../../components/decision-dialog';
import { decideTransfer } from './api';

const COMMENT_MAX = 500;

interface TransferDecisionDialogProps {
  decision: { kind: DecisionKind; id: number } | null;
  onClose(): void;
  onSettled(): Promise<unknown>;
}

/** 通过 or 驳回 a transfer on `/processapproval/posttransfer`. */
export function TransferDecisionDialog(props: TransferDecisionDialogProps) {
  const { t } = useTranslation('transfers');
  return (
    <DecisionDialog
      {...props}
      decide={decideTransfer}
      commentLabel={transferLabels.comment}
      commentMax={COMMENT_MAX}
      name="transfer-decision"
      texts={(kind) => ({
        title: t(`decision.title.${kind}`),
        ok: t(`actions.${kind}`),
        comment: t('decision.comment'),
        placeholder: t(`decision.placeholder.${kind}`),
        done: t(`decision.done.${kind}`),
        required: t('decision.commentRequired'),
        tooLong: t('form.tooLong', { max: COMMENT_MAX }),
      })}
    />
  );
}
