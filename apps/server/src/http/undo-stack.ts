/**
 * The undos of effects outside the database (a stored receipt file) of a run that did not commit:
 * undone newest first, a failing undo ignored, and emptied so that a run again starts clean.
 */
export class UndoStack {
  private undos: Array<() => Promise<void>> = [];

  /** Registers one undo (a handler's onRollback). */
  readonly push = (undo: () => Promise<void>): void => void this.undos.push(undo);

  async rollBack(): Promise<void> {
    const pending = this.undos.reverse();
    this.undos = [];
    for (const undo of pending) await undo().catch(() => undefined);
  }
}
