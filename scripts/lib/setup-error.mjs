/**
 * The environment cannot be prepared, for a reason the user can fix. The message is one line that says
 * what is missing and what to do; `details` (e.g. the tail of a failed command) is printed above it.
 */
export class SetupError extends Error {
  name = 'SetupError';

  constructor(message, { details } = {}) {
    super(message);
    this.details = details;
  }
}
