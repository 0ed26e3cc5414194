import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';

/**
 * Copies text and says so for two seconds; a refused clipboard is reported, not swallowed. `context` (e.g. which
 * project's URL) is added for screen readers after the visible text rather than replacing it with an aria-label,
 * so the name a voice-control user says ("click Copy URL") is always part of the button's accessible name.
 */
export function CopyButton({
  text,
  label = 'Copy',
  context,
  ...props
}: Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> & {
  text: string;
  label?: string;
  context?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} {...props}>
      {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
      {context ? <span className="sr-only"> {context}</span> : null}
    </Button>
  );
}
