import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { useUploadLimitWords } from '@/lib/api/upload-limits';
import { faqItemsFor } from '../faq-items';

/** Single-open (type="single"), and the open answer can be closed again (collapsible). */
export function FaqAccordion() {
  const faqItems = faqItemsFor(useUploadLimitWords());
  return (
    <Accordion type="single" collapsible className="rounded-lg border bg-card px-5">
      {faqItems.map((item) => (
        <AccordionItem key={item.id} value={item.id} className="last:border-b-0">
          <AccordionTrigger headingLevel="h2">{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
