import { Button } from '@/components/ui/button';
import { ALL_CATEGORIES, type CategoryFilter as Filter } from '../blog-filter';
import { BLOG_CATEGORIES } from '../content/posts';

const choices: Filter[] = [ALL_CATEGORIES, ...BLOG_CATEGORIES];

/** Toggle buttons (aria-pressed): each shows which filter is on, and Tab/Enter work as usual. */
export function CategoryFilter({ value, onChange }: { value: Filter; onChange: (next: Filter) => void }) {
  return (
    <div role="group" aria-label="Filter posts by category" className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Button
          key={choice}
          size="sm"
          variant={value === choice ? 'default' : 'outline'}
          aria-pressed={value === choice}
          className="rounded-full"
          onClick={() => onChange(choice)}
        >
          {choice}
        </Button>
      ))}
    </div>
  );
}
