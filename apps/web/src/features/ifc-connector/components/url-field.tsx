import { Copy } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';

/** A read-only URL with a copy action; the result of copying goes to the processing log. */
export function UrlField({
  label,
  url,
  onCopy,
}: {
  label: string;
  url: string;
  onCopy: (url: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-md border border-input bg-muted/40 px-3 font-mono text-xs"
        />
        <Button variant="outline" onClick={() => onCopy(url)} aria-label={`Copy ${label}`}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
    </div>
  );
}
