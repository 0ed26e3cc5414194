import { activeBreakpoint } from './breakpoints';

describe('activeBreakpoint', () => {
  it.each([
    [375, 'base'],
    [639, 'base'],
    [640, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [1024, 'lg'],
    [1279, 'lg'],
    [1280, 'xl'],
    [1920, 'xl'],
  ])('%p px is %p', (width, name) => {
    expect(activeBreakpoint(width)).toBe(name);
  });
});
