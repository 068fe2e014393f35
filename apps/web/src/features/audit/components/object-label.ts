import type { TFunction } from 'i18next';
import type { AuditObject } from '@aurum/domain/audit/audit-objects';

/** What an audit row is about, as staff name it ("Payment request 17", "付款申請 17"). */
export function objectLabel(t: TFunction<'system'>, object: AuditObject): string {
  return t(`system:audit.objects.${object.kind}`, { id: object.id, defaultValue: `${object.kind} ${object.id}` });
}

/** The name of a kind of object ("Payment request"), for the filter's choice. */
export function objectKindLabel(t: TFunction<'system'>, kind: string): string {
  return t(`system:audit.objects.kinds.${kind}`, { defaultValue: kind });
}
