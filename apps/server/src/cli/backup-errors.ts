/** A backup command that cannot run as asked (usage, nothing to back up, a missing tool): exit code 2, its message as is. */
export class CannotRun extends Error {}
