import { IFCMATERIALPROPERTIES } from './ifc-type-codes';
import type { LineSource } from './line-source';
import { refId, refIds, text } from './model-reader';
import type { DecodedSet, PropertySetResolver } from './property-sets';

export interface ResolvedMaterials {
  /** Distinct material names in file order. */
  names: string[];
  /** The IfcMaterial (and set) ids behind them, to find material property sets. */
  ids: number[];
}

const NONE: ResolvedMaterials = { names: [], ids: [] };
const MAX_DEPTH = 6;

/** Which attribute of each material select leads to the next level of the material tree. */
const CHILDREN: Record<string, string[]> = {
  IfcMaterialList: ['Materials'],
  IfcMaterialLayerSetUsage: ['ForLayerSet'],
  IfcMaterialLayerSet: ['MaterialLayers'],
  IfcMaterialLayer: ['Material'],
  IfcMaterialLayerWithOffsets: ['Material'],
  IfcMaterialConstituentSet: ['MaterialConstituents'],
  IfcMaterialConstituent: ['Material'],
  IfcMaterialProfileSetUsage: ['ForProfileSet'],
  IfcMaterialProfileSetUsageTapering: ['ForProfileSet', 'ForProfileEndSet'],
  IfcMaterialProfileSet: ['MaterialProfiles'],
  IfcMaterialProfile: ['Material'],
  IfcMaterialProfileWithOffsets: ['Material'],
};

/**
 * Material names of an association: IfcMaterial, lists, layer sets (and usages), constituent
 * sets and profile sets (and usages), resolved once per material select and cached.
 */
export class MaterialResolver {
  private readonly cache = new Map<number, ResolvedMaterials>();
  private readonly propertySets = new Map<number, DecodedSet[]>();

  constructor(
    private readonly reader: LineSource,
    resolver: PropertySetResolver,
  ) {
    // IFC4 IfcMaterialProperties(Name, Description, Properties, Material);
    // IFC2X3 IfcExtendedMaterialProperties(Material, ExtendedProperties, Description, Name)
    for (const id of reader.idsOf(IFCMATERIALPROPERTIES)) {
      const line = reader.line(id);
      const material = refId(line?.Material);
      if (!line || material === null) continue;
      const propertyIds = refIds(line.Properties ?? line.ExtendedProperties);
      if (propertyIds.length === 0) continue;
      const set: DecodedSet = {
        name: text(line.Name) ?? reader.typeName(line.type),
        isQuantitySet: false,
        properties: resolver.decodeProperties(propertyIds),
      };
      const list = this.propertySets.get(material);
      if (list) list.push(set);
      else this.propertySets.set(material, [set]);
    }
  }

  resolve(selectIds: number[]): ResolvedMaterials {
    if (selectIds.length === 0) return NONE;
    if (selectIds.length === 1) return this.resolveOne(selectIds[0] ?? 0);
    const names = new Set<string>();
    const ids = new Set<number>();
    for (const id of selectIds) {
      const one = this.resolveOne(id);
      one.names.forEach((n) => names.add(n));
      one.ids.forEach((i) => ids.add(i));
    }
    return { names: [...names], ids: [...ids] };
  }

  propertySetsOf(materialIds: number[]): DecodedSet[] {
    const sets: DecodedSet[] = [];
    for (const id of materialIds) sets.push(...(this.propertySets.get(id) ?? []));
    return sets;
  }

  private resolveOne(id: number): ResolvedMaterials {
    let resolved = this.cache.get(id);
    if (!resolved) {
      const names = new Set<string>();
      const ids = new Set<number>();
      this.walk(id, names, ids, 0);
      resolved = { names: [...names], ids: [...ids] };
      this.cache.set(id, resolved);
    }
    return resolved;
  }

  private walk(id: number, names: Set<string>, ids: Set<number>, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const line = this.reader.line(id);
    if (!line) return;
    ids.add(id);
    const kind = this.reader.typeName(line.type);
    if (kind === 'IfcMaterial') {
      const name = text(line.Name);
      if (name) names.add(name);
      return;
    }
    for (const attribute of CHILDREN[kind] ?? []) {
      for (const child of refIds(line[attribute])) this.walk(child, names, ids, depth + 1);
    }
  }
}
