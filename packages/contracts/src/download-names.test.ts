import { downloadFileName } from './download-names';

describe('downloadFileName', () => {
  it.each([
    ['Office Tower', '.pbids', 'Office Tower.pbids'],
    ['Bürogebäude 北京 🏢', '.tds', 'Bürogebäude 北京 🏢.tds'],
    ['Tower.IFC', '-elements.csv', 'Tower-elements.csv'],
    ['A/B\\C:D*E?F"G<H>I|J', '.tds', 'A_B_C_D_E_F_G_H_I_J.tds'],
    ['tab\there  and\nthere', '.tds', 'tab here and there.tds'],
    ['report\u202Efdp.exe', '.pbids', 'report_fdp.exe.pbids'],
    ['  ..dots and spaces.. ', '.tds', 'dots and spaces.tds'],
    ['***', '.tds', 'project.tds'],
    ['', '-elements.csv', 'project-elements.csv'],
    ['CON', '.tds', 'CON_.tds'],
    ['com1', '.pbids', 'com1_.pbids'],
  ])('%j + %j → %j', (name, suffix, expected) => {
    expect(downloadFileName(name, suffix)).toBe(expected);
  });

  it('cuts a long name to 80 characters without splitting a character', () => {
    const name = downloadFileName('🏢'.repeat(100), '.tds');
    expect(Array.from(name.replace(/\.tds$/, ''))).toHaveLength(80);
    expect(name).toBe(`${'🏢'.repeat(80)}.tds`);
  });
});
