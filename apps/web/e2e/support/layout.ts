import type { Page } from 'playwright-core';

export type WidthReport = { width: number; documentWidth: number; sticksOut: string[] };

/**
 * How the page fits a viewport of its current width: the document's scroll width (wider than the viewport means a
 * sideways scrollbar) and the visible elements whose right edge lies past the viewport without a scroll box of their
 * own to hold them (clipped or not, their text runs off the screen).
 */
export function measureWidth(page: Page): Promise<WidthReport> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsSideways = (element: Element | null): boolean => {
      for (
        let node = element?.parentElement ?? null;
        node && node !== document.body;
        node = node.parentElement
      ) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const outside = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || rect.right <= width + 1) return false;
      if (element.closest('[aria-hidden="true"], .sr-only, [data-state="closed"]')) return false;
      if (getComputedStyle(element).visibility === 'hidden') return false;
      return !scrollsSideways(element);
    });
    // The innermost ones are the culprits: their ancestors only stick out because they contain them.
    const sticksOut = outside
      .filter((element) => !outside.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => {
        const right = Math.round(element.getBoundingClientRect().right);
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)} right=${right} "${text}"`;
      });
    return { width, documentWidth: document.documentElement.scrollWidth, sticksOut };
  });
}

/**
 * Resizes and waits for the layout to settle: the app shell swaps its sidebar for the mobile sheet on the render
 * after a resize, so the first look can see the previous layout squeezed. Gives the page up to 2 s to fit.
 */
export async function widthAt(page: Page, width: number): Promise<WidthReport> {
  await page.setViewportSize({ width, height: 800 });
  let report = await measureWidth(page);
  for (let i = 0; i < 20 && (report.documentWidth > width || report.sticksOut.length > 0); i++) {
    await page.waitForTimeout(100);
    report = await measureWidth(page);
  }
  return report;
}
