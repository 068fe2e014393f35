import { auditObjectOf } from '@aurum/domain/audit/audit-objects';
/** Who an audit row names. */
export interface AuditActor {
  username: string;
  adminId: number | null;
}

/**
 * What a handler, or one item of a batch, tells its audit row (route()'s AuditRecorder): who acted,
 * the value before and after, notes. reset() forgets a run that did not commit.
 */
export class AuditRecording {
  readonly detail: Record<string, unknown> = {};
  private readonly signedIn: AuditActor | null;
  private readonly options: { fixedActor?: true };
  private who: AuditActor | null;

  /** `fixedActor`: an item of a batch, always decided by the signed-in admin. */
  constructor(signedIn: AuditActor | null, options: { fixedActor?: true } = {}) {
    this.signedIn = signedIn;
    this.options = options;
    this.who = signedIn;
  }

  /** Who acted: the signed-in admin unless the handler said otherwise (sign-in, password reset). */
  get actor(): AuditActor | null {
    return this.who;
  }

  readonly recorder = {
    actor: (username: string, adminId: number | null = null): void => {
      if (this.options.fixedActor) throw new Error('an item of a batch is decided by the signed-in admin');
      this.who = { username, adminId };
    },
    before: (value: unknown): void => void (this.detail.before = value),
    after: (value: unknown): void => void (this.detail.after = value),
    note: (key: string, value: unknown): void => void (this.detail[key] = value),
  };

  reset(): void {
    for (const key of Object.keys(this.detail)) delete this.detail[key];
    this.who = this.signedIn;
  }
}

/**
 * The detail as written: with `object`, the numbered thing the row is about (audit-objects.ts), when
 * the call or the row names one and the handler did not name it itself. The hash chain covers it.
 */
export function withAuditObject<D extends Record<string, unknown>>(action: string, detail: D, params: unknown, body: unknown): D {
  if (detail.object !== undefined) return detail;
  const object = auditObjectOf(action, { params, body, detail });
  return object ? { ...detail, object } : detail;
}
