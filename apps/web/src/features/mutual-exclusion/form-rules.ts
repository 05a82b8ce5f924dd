import type { FormRule } from 'antd';
import { maskIdNumber } from '@dealer-hr/shared/id-number';
import {
  DESCRIPTION_MAX,
  EXCLUSION_MEMBERS_MIN,
  NAME_MAX,
  exclusionLabels,
  exclusionMessages,
} from '@dealer-hr/shared/mutual-exclusion/rules';
import { antdRules, selectMessage } from '@dealer-hr/shared/rules';
import {
  certificateNumberRules,
  localMessage,
  localRules,
  maxLengthRule,
  requiredRules,
  selectRules,
} from '../../lib/form-rules';
import { i18n } from '../../lib/i18n';

// The rules of the mutual-exclusion forms, with the server's limits, Chinese labels and messages (the shared
// mutual-exclusion rules), so a field says the same whichever side refuses it; other languages get
// translations.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`mutualExclusion:${key}`, options ?? {});

const labels = exclusionLabels;

/** What the server compares: the number trimmed, in capitals. */
const normalised = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

type ListRule = { validator(rule: unknown, value: unknown[] | undefined): Promise<void> };

export function exclusionFormRules() {
  const tooLong = (label: string, max: number) => maxLengthRule(label, max, t('form.tooLong', { max }));
  return {
    name: [...requiredRules(labels.name, t('form.nameRequired')), tooLong(labels.name, NAME_MAX)],
    kind: selectRules(labels.kind, t('form.kindRequired')),
    scope: selectRules(labels.scope, t('form.scopeRequired')),
    firstPost: selectRules(labels.firstPost, t('form.firstPostRequired')),
    secondPost: [
      ...selectRules(labels.secondPost, t('form.secondPostRequired')),
      ({ getFieldValue }) => ({
        validator: async (_rule, value: unknown) => {
          if (value && value === getFieldValue('first_post_id'))
            throw new Error(localMessage(exclusionMessages.postsSame, t('form.postsSame')));
        },
      }),
    ],
    memberName: localRules(antdRules.personName, [t('form.memberNameRequired'), t('form.memberNameInvalid')]),
    memberIdNumber: certificateNumberRules(t('form.idNumberRequired'), t('form.idNumberInvalid')),
    description: [tooLong(labels.description, DESCRIPTION_MAX)],
  } satisfies Record<string, FormRule[]>;
}

/** The member list as a whole: two people at least (Form.List takes validator rules only). */
export function memberListRules(): ListRule[] {
  return [
    {
      validator: async (_rule, members) => {
        if (!members || members.length < EXCLUSION_MEMBERS_MIN)
          throw new Error(localMessage(exclusionMessages.membersTooFew, t('form.membersTooFew')));
      },
    },
  ];
}

/**
 * The number of the member at `index` must not be one an earlier member has, as the server checks (it
 * reports the later one, so this does too).
 */
export function distinctMemberRule(index: number): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const number = normalised(value);
      if (!number) return;
      const earlier = ((getFieldValue('members') as { id_number?: string }[] | undefined) ?? []).slice(
        0,
        index,
      );
      if (earlier.some((member) => normalised(member?.id_number) === number))
        throw new Error(localMessage(exclusionMessages.memberRepeated, t('form.memberRepeated')));
    },
  });
}

/**
 * Only a warning: the number typed again for a saved member does not match the masked one the server has
 * (`masked`). The user may be correcting a wrong number, so it does not stop the save.
 */
export function sameAsSavedRule(masked: string): FormRule {
  return {
    warningOnly: true,
    validator: async (_rule, value: unknown) => {
      const number = normalised(value);
      if (number && maskIdNumber(number) !== masked) throw new Error(t('form.idNumberDiffers', { masked }));
    },
  };
}

/** The rules of the check dialog. */
export function checkFormRules() {
  return {
    idNumber: certificateNumberRules(t('form.idNumberRequired'), t('form.idNumberInvalid')),
    department: selectRules(labels.department, t('check.departmentRequired')),
    // An empty list counts as missing only when the rule knows the value is an array.
    posts: [
      {
        required: true,
        type: 'array',
        message: localMessage(selectMessage(labels.post), t('check.postsRequired')),
      },
    ],
  } satisfies Record<string, FormRule[]>;
}
