import { faqItemsFor } from './faq-items';

const faqItems = faqItemsFor('100 MB');

describe('FAQ items', () => {
  it('has ten questions with unique ids and non-empty answers', () => {
    expect(faqItems).toHaveLength(10);
    expect(new Set(faqItems.map((item) => item.id)).size).toBe(10);
    for (const item of faqItems) {
      expect(item.question.endsWith('?')).toBe(true);
      expect(item.answer.length).toBeGreaterThan(40);
    }
  });

  it("states this server's upload limit", () => {
    const sizes = faqItemsFor('2.5 GB').find((item) => item.id === 'ifc-versions')!;
    expect(sizes.answer).toContain('up to 2.5 GB per upload');
  });
});
