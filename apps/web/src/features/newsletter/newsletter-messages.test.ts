import { successMessage, validateNewsletterEmail } from './newsletter-messages';

describe('newsletter email validation', () => {
  it('accepts a valid address, trimmed', () => {
    expect(validateNewsletterEmail('  ana@example.com ')).toEqual({ ok: true, email: 'ana@example.com' });
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'ana example.com'])(
    'rejects %p with the contract message',
    (raw) => {
      expect(validateNewsletterEmail(raw)).toEqual({
        ok: false,
        error: 'Email must be a valid email address',
      });
    },
  );
});

describe('newsletter success message', () => {
  it('tells a new subscriber apart from a known one', () => {
    expect(successMessage({ status: 'created', message: 'Subscribed' }, 'a@b.co')).toMatch(/^Subscribed!/);
    expect(successMessage({ status: 'exists', message: 'Already subscribed' }, 'a@b.co')).toMatch(
      /^Already subscribed/,
    );
  });
});
