import { parseODataQuery } from '@aec/odata';
import { sqliteFeedModel } from '../../store/sqlite/sqlite-feed-reader';
import { namedProjectIds } from './named-projects';

const named = (filter: string) =>
  namedProjectIds(
    parseODataQuery(`$filter=${encodeURIComponent(filter)}`, sqliteFeedModel, 'IFCElements').filter,
  );

describe('namedProjectIds', () => {
  it('names the projects of ProjectId eq and in conjuncts', () => {
    expect(named("ProjectId eq 'a'")).toEqual(['a']);
    expect(named("'a' eq ProjectId and IfcType eq 'IfcWall'")).toEqual(['a']);
    expect(named("ProjectId in ('a','b')")).toEqual(['a', 'b']);
    expect(named("IfcType eq 'IfcWall'")).toBeUndefined();
  });

  it('names every project of an or whose branches all name projects, in parentheses at any depth', () => {
    expect(named("ProjectId eq 'a' or ProjectId eq 'b'")).toEqual(['a', 'b']);
    expect(
      named("(ProjectId eq 'a' or (ProjectId eq 'b' or ProjectId in ('c','a'))) and Name ne 'x'"),
    ).toEqual(['a', 'b', 'c']);
    expect(
      named("(ProjectId eq 'a' and IfcType eq 'IfcWall') or (ProjectId eq 'b' and Name eq 'x')"),
    ).toEqual(['a', 'b']);
  });

  it('names nothing where rows may come from other projects', () => {
    expect(named("ProjectId eq 'a' or IfcType eq 'IfcWall'")).toBeUndefined();
    expect(named("not (ProjectId eq 'a')")).toBeUndefined();
    expect(named("not (ProjectId eq 'a' or ProjectId eq 'b')")).toBeUndefined();
    expect(named("ProjectId ne 'a' or ProjectId eq 'b'")).toBeUndefined();
    // A conjunct that names still narrows a disjunction that does not.
    expect(named("(ProjectId eq 'a' or Name eq 'x') and ProjectId eq 'b'")).toEqual(['b']);
  });
});
