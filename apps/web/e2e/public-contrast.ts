import type { Page } from 'playwright-core';

/**
 * WCAG AA text contrast of every visible text element on the page: 4.5:1, or 3:1 for large text
 * (24 px, or 18.66 px bold). Colours are resolved by painting them on a 1×1 canvas, so oklch()
 * and semi-transparent layers composite exactly as the browser draws them. Background images
 * (gradients) are ignored: the plain colour beneath them is used.
 */
export function contrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return ['no 2d canvas'];

    const paint = (colors: string[]): [number, number, number] => {
      ctx.globalCompositeOperation = 'copy';
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 1, 1);
      ctx.globalCompositeOperation = 'source-over';
      for (const color of colors) {
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
      }
      const [r = 0, g = 0, b = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b];
    };
    const luminance = ([r, g, b]: [number, number, number]) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const backgrounds = (element: Element): string[] => {
      const layers: string[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg && bg !== 'transparent' && bg !== 'rgba(0, 0, 0, 0)') layers.unshift(bg);
      }
      return layers;
    };

    const failures: string[] = [];
    const seen = new Set<string>();
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const ownText = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!ownText) continue;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width < 2 || rect.height < 2 || style.visibility === 'hidden') continue;
      if (element.closest('[aria-hidden="true"], [disabled], .sr-only')) continue;
      const layers = backgrounds(element);
      const bg = paint(layers);
      const fg = paint([...layers, style.color]);
      const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      const key = `${element.tagName}:${ownText.slice(0, 40)}`;
      if (ratio < needed && !seen.has(key)) {
        seen.add(key);
        failures.push(`${key} ${ratio.toFixed(2)} < ${needed}`);
      }
    }
    return failures;
  });
}
