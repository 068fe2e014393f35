import type { TFunction } from 'i18next';

/** The translated name of an audit action ('holiday.create' → 'Holiday added'), the key itself when unknown. */
export function actionLabel(t: TFunction<'system'>, action: string): string {
  return t(`system:audit.actions.${action}`, { defaultValue: action });
}
