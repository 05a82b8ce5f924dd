import { Col, Form, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ONBOARDING_DOCUMENTS,
  REQUIRED_DOCUMENTS,
  onboardingMessages,
  type OnboardingDocument,
} from '@dealer-hr/shared/onboarding/rules';
import { localMessage } from '../../../lib/form-rules';
import { useFormDraft } from '../../../lib/drafts';
import type { OnboardingDetail, UploadedFile } from '../api';
import { useOnboardingNames } from '../labels';
import type { DocumentsBody } from './api';
import { DocumentSlot } from './document-slot';
import { draftKey, StepForm, useDiscardDraft, useStepSave, type StepProps } from './step-form';

type DocumentsValues = Record<OnboardingDocument, UploadedFile | null>;

/** The files saved, by what each one is. */
function valuesOf(entry: OnboardingDetail): DocumentsValues {
  return Object.fromEntries(
    ONBOARDING_DOCUMENTS.map((document) => [
      document,
      entry.documents.find((file) => file.purpose === document) ?? null,
    ]),
  ) as DocumentsValues;
}

function bodyOf(values: DocumentsValues): DocumentsBody {
  return {
    step: 'documents',
    ...(Object.fromEntries(
      ONBOARDING_DOCUMENTS.map((document) => [document, values[document]?.id ?? null]),
    ) as Record<OnboardingDocument, number | null>),
  };
}

/** Step 2, 证件资料: one upload per document; the ID card's two sides are required. */
export function DocumentsStep({ entry, editable, onSaved }: StepProps) {
  const { t } = useTranslation('onboarding', { keyPrefix: 'entry' });
  const names = useOnboardingNames();
  const [form] = Form.useForm<DocumentsValues>();
  const initialValues = useMemo(() => valuesOf(entry), [entry]);
  const { restored, onValuesChange, discard } = useFormDraft(form, draftKey(entry, 'documents', editable));
  const save = useStepSave({ form, entry, toBody: bodyOf, discard, onSaved });

  return (
    <StepForm<DocumentsValues>
      form={form}
      name="onboarding-documents"
      initialValues={initialValues}
      editable={editable}
      saving={save.isPending}
      restored={restored}
      onDiscardDraft={useDiscardDraft(form, discard)}
      onValuesChange={onValuesChange}
      onFinish={(values) => save.mutate(values)}
    >
      <Row gutter={16}>
        {ONBOARDING_DOCUMENTS.map((document) => (
          <Col key={document} xs={24} md={12}>
            <Form.Item
              name={document}
              label={names.document(document)}
              required={REQUIRED_DOCUMENTS.includes(document)}
              rules={
                REQUIRED_DOCUMENTS.includes(document)
                  ? [
                      {
                        required: true,
                        message: localMessage(
                          onboardingMessages.documentMissing(document),
                          t('documents.missing', { name: names.document(document) }),
                        ),
                      },
                    ]
                  : undefined
              }
              extra={document === 'face' ? t('documents.imageOnly') : t('documents.help')}
            >
              <DocumentSlot document={document} disabled={!editable} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </StepForm>
  );
}
