/** 'Office Tower.ifc' → 'office-tower-elements.csv'. */
export function csvFileName(projectName: string): string {
  const base = projectName
    .replace(/\.ifc$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${base || 'project'}-elements.csv`;
}
