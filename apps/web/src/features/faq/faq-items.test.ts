import { faqItems } from './faq-items';

describe('FAQ items', () => {
  it('has ten questions with unique ids and non-empty answers', () => {
    expect(faqItems).toHaveLength(10);
    expect(new Set(faqItems.map((item) => item.id)).size).toBe(10);
    for (const item of faqItems) {
      expect(item.question.endsWith('?')).toBe(true);
      expect(item.answer.length).toBeGreaterThan(40);
    }
  });
});
