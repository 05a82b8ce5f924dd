import type { TFunction } from 'i18next';
import type { AuditUser } from './api';

/** A known entity or action in the reader's language; an unknown one (a newer module's) as it is stored. */
export const entityLabel = (t: TFunction<'audit'>, entity: string): string =>
  t(`entities.${entity}`, { defaultValue: entity });

export const actionLabel = (t: TFunction<'audit'>, action: string): string =>
  t(`actions.${action}`, { defaultValue: action });

/** A recorded field by its label (its key underneath, for whoever matches it with the data). */
export const fieldLabel = (t: TFunction<'audit'>, field: string): string =>
  t(`fields.${field}`, { defaultValue: field });

export const userLabel = (t: TFunction<'audit'>, user: AuditUser | null): string =>
  user ? (user.name === user.username ? user.name : `${user.name}（${user.username}）`) : t('system');
