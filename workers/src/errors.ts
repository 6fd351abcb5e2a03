/**
 * A failure that a retry cannot fix (the content was deleted, no engine covers the pair): the job
 * fails at once with this message instead of trying again. Drivers recognise it by `permanent`.
 */
export class PermanentJobError extends Error {
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}
