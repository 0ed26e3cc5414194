import { ConflictError } from '../../errors/app-error';
import { DuplicateError } from '../../store/types';

/** Runs a store write, turning a unique-constraint violation into the 409 the client shows. */
export async function withConflictMessages<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof DuplicateError) {
      throw err.field === 'username'
        ? new ConflictError('Username already taken', 'USERNAME_TAKEN')
        : new ConflictError('Email already registered', 'EMAIL_TAKEN');
    }
    throw err;
  }
}
