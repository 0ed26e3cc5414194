import { IFCSPATIALSTRUCTUREELEMENT } from './ifc-type-codes';
import type { LineSource } from './line-source';
import { num, text } from './model-reader';
import type { RelationshipIndex } from './relationship-index';
import type { SpatialRow } from './types';

/** Spatial columns of an element row, shared by every element of the same container. */
export interface SpatialContext {
  Storey: string | null;
  StoreyElevation: number | null;
  Building: string | null;
  Site: string | null;
  Space: string | null;
}

const EMPTY_CONTEXT: SpatialContext = {
  Storey: null,
  StoreyElevation: null,
  Building: null,
  Site: null,
  Space: null,
};

// IFC4X3 infrastructure: facilities play the building's role and facility parts the storey's
const BUILDING_LIKE = new Set([
  'IfcBuilding',
  'IfcFacility',
  'IfcBridge',
  'IfcRoad',
  'IfcRailway',
  'IfcMarineFacility',
]);
const STOREY_LIKE = new Set([
  'IfcBuildingStorey',
  'IfcFacilityPart',
  'IfcBridgePart',
  'IfcRoadPart',
  'IfcRailwayPart',
  'IfcMarineFacilityPart',
  'IfcFacilityPartCommon',
]);
const MAX_DEPTH = 32;

/** What the rows and contexts read of a spatial element: a big model has hundreds of thousands (its spaces). */
interface SpatialNode {
  globalId: string | null;
  name: string | null;
  longName: string | null;
  elevation: number | null;
  ifcType: string;
  parent: number | null;
}

/**
 * The site/building/storey/space tree and, for every element, the spatial element that holds it:
 * directly (containment), through its aggregation or nesting parent (stair flights, curtain wall
 * panels, assemblies), or for openings through the element they void.
 */
export class SpatialIndex {
  private readonly nodes = new Map<number, SpatialNode>();
  private readonly contexts = new Map<number, SpatialContext>();
  private readonly levels = new Map<number, number>();

  constructor(
    private readonly reader: LineSource,
    private readonly rels: RelationshipIndex,
  ) {
    for (const id of reader.idsOf(IFCSPATIALSTRUCTUREELEMENT)) {
      const line = reader.line(id);
      if (!line) continue;
      // decomposition is by aggregation; some exporters contain spaces in storeys instead
      const parent = rels.aggregatedBy.get(id) ?? rels.containedIn.get(id) ?? null;
      this.nodes.set(id, {
        globalId: text(line.GlobalId),
        name: text(line.Name),
        longName: text(line.LongName),
        elevation: num(line.Elevation),
        ifcType: reader.typeName(line.type),
        parent,
      });
    }
  }

  get size(): number {
    return this.nodes.size;
  }

  isSpatial(id: number): boolean {
    return this.nodes.has(id);
  }

  /** The spatial element holding a product (a spatial element holds itself). */
  containerOf(id: number): number | null {
    let current = id;
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      if (this.nodes.has(current)) return current;
      const next =
        this.rels.containedIn.get(current) ??
        this.rels.aggregatedBy.get(current) ??
        this.rels.nestedBy.get(current) ??
        this.rels.voidedElementOf.get(current) ??
        this.rels.filledOpeningOf.get(current);
      if (next === undefined) return null;
      current = next;
    }
    return null;
  }

  contextOf(id: number): SpatialContext {
    const container = this.containerOf(id);
    if (container === null) return EMPTY_CONTEXT;
    let context = this.contexts.get(container);
    if (!context) {
      context = this.buildContext(container);
      this.contexts.set(container, context);
    }
    return context;
  }

  rows(): SpatialRow[] {
    const rows: SpatialRow[] = [];
    for (const [id, node] of this.nodes) {
      const parent = node.parent === null ? null : this.reader.line(node.parent);
      rows.push({
        GlobalId: node.globalId,
        ExpressId: id,
        IfcType: node.ifcType,
        Name: node.name,
        LongName: node.longName,
        Elevation: node.elevation,
        ParentGlobalId: text(parent?.GlobalId),
        ParentType: parent ? this.reader.typeName(parent.type) : null,
        Level: this.levelOf(id),
      });
    }
    return rows;
  }

  private levelOf(id: number): number {
    const known = this.levels.get(id);
    if (known !== undefined) return known;
    let level = 0;
    let current = this.nodes.get(id)?.parent;
    // counts spatial ancestors only: the project (not a spatial element) is above level 0
    for (let depth = 0; current != null && depth < MAX_DEPTH; depth++) {
      const node = this.nodes.get(current);
      if (!node) break;
      level++;
      current = node.parent;
    }
    this.levels.set(id, level);
    return level;
  }

  private buildContext(container: number): SpatialContext {
    const context: SpatialContext = { ...EMPTY_CONTEXT };
    let current: number | null = container;
    for (let depth = 0; current !== null && depth < MAX_DEPTH; depth++) {
      const node = this.nodes.get(current);
      if (!node) break;
      // exporters leave storeys and buildings unnamed (Revit, IfcOpenShell); an element inside
      // one must not look unplaced to a BI filter, so it gets a stable stand-in label
      const name = node.name ?? node.longName ?? `${node.ifcType} #${current}`;
      if (node.ifcType === 'IfcSpace' && context.Space === null) context.Space = name;
      else if (STOREY_LIKE.has(node.ifcType) && context.Storey === null) {
        context.Storey = name;
        context.StoreyElevation = node.elevation;
      } else if (BUILDING_LIKE.has(node.ifcType) && context.Building === null) context.Building = name;
      else if (node.ifcType === 'IfcSite' && context.Site === null) context.Site = name;
      current = node.parent;
    }
    return context;
  }
}
