import { registerRequestSchema } from '@aec/contracts';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  it('keeps the first contract message of each invalid field', () => {
    const result = registerRequestSchema.safeParse({ username: 'al', email: 'nope', password: '123' });
    if (result.success) throw new Error('expected a validation failure');
    expect(fieldErrors(result.error)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Email must be a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  it('is empty for fields that pass', () => {
    const result = registerRequestSchema.safeParse({ username: 'alice', email: 'a@b.co', password: '1' });
    if (result.success) throw new Error('expected a validation failure');
    expect(Object.keys(fieldErrors(result.error))).toEqual(['password']);
  });
});
