import type { LineSource } from './line-source';
import { type IfcLine, refIds, text } from './model-reader';
import { fillColumns } from './element-columns';
import type { MaterialResolver } from './materials';
import type { DecodedSet, PropertySetResolver } from './property-sets';
import type { RelationshipIndex } from './relationship-index';
import type { SpatialIndex } from './spatial-index';
import { propertyFingerprint } from './property-fingerprint';
import type { ExtractedElementRow, PropertyRow, PropertySetKind } from './types';

interface TypeInfo {
  name: string | null;
  sets: DecodedSet[];
}

interface KindedSet {
  set: DecodedSet;
  kind: PropertySetKind;
}

/** Builds the element row and property rows of each product from the prebuilt indexes. */
export class ElementRowBuilder {
  private readonly types = new Map<number, TypeInfo>();

  constructor(
    private readonly reader: LineSource,
    private readonly rels: RelationshipIndex,
    private readonly spatial: SpatialIndex,
    private readonly propertySets: PropertySetResolver,
    private readonly materials: MaterialResolver,
  ) {}

  build(
    id: number,
    line: IfcLine,
    ifcType: string,
  ): { element: ExtractedElementRow; properties: PropertyRow[] } {
    const typeId = this.rels.typeOf.get(id);
    const type = typeId === undefined ? null : this.typeInfo(typeId);
    const materialSelects =
      this.rels.materialsOf.get(id) ?? (typeId === undefined ? undefined : this.rels.materialsOf.get(typeId));
    const material = this.materials.resolve(materialSelects ?? []);

    const sets: KindedSet[] = [];
    for (const setId of this.rels.propertySetsOf.get(id) ?? []) {
      const set = this.propertySets.resolve(setId);
      if (set) sets.push({ set, kind: set.isQuantitySet ? 'QuantitySet' : 'PropertySet' });
    }
    for (const set of type?.sets ?? [])
      sets.push({ set, kind: set.isQuantitySet ? 'TypeQuantitySet' : 'TypePropertySet' });
    for (const set of this.materials.propertySetsOf(material.ids))
      sets.push({ set, kind: 'MaterialProperty' });

    const globalId = text(line.GlobalId);
    const properties = propertyRows(globalId, id, sets);
    const context = this.spatial.contextOf(id);
    // one literal with every column (spreading the context and the typed columns into it cost more than the rest
    // of the row): the typed columns start empty and fillColumns sets them
    const element: ExtractedElementRow = {
      GlobalId: globalId,
      ExpressId: id,
      IfcType: ifcType,
      PredefinedType: text(line.PredefinedType),
      Name: text(line.Name),
      Description: text(line.Description),
      ObjectType: text(line.ObjectType),
      Tag: text(line.Tag),
      TypeName: type?.name ?? null,
      Storey: context.Storey,
      StoreyElevation: context.StoreyElevation,
      Building: context.Building,
      Site: context.Site,
      Space: context.Space,
      Material: material.names.length ? material.names.join(', ') : null,
      Reference: null,
      Status: null,
      IsExternal: null,
      LoadBearing: null,
      FireRating: null,
      AcousticRating: null,
      ThermalTransmittance: null,
      Combustible: null,
      SurfaceSpreadOfFlame: null,
      Compartmentation: null,
      HandicapAccessible: null,
      FireExit: null,
      Length: null,
      Width: null,
      Height: null,
      Depth: null,
      Perimeter: null,
      GrossArea: null,
      NetArea: null,
      GrossSideArea: null,
      NetSideArea: null,
      GrossFootprintArea: null,
      GrossVolume: null,
      NetVolume: null,
      GrossWeight: null,
      NetWeight: null,
      PropertyFingerprint: propertyFingerprint(properties),
    };
    fillColumns(
      element,
      sets.filter((s) => s.kind !== 'MaterialProperty').map((s) => s.set),
    );
    return { element, properties };
  }

  /** Type objects are shared by many instances: read name and property sets once. */
  private typeInfo(typeId: number): TypeInfo {
    let info = this.types.get(typeId);
    if (!info) {
      const line = this.reader.line(typeId);
      const sets: DecodedSet[] = [];
      for (const setId of refIds(line?.HasPropertySets)) {
        const set = this.propertySets.resolve(setId);
        if (set) sets.push(set);
      }
      info = { name: text(line?.Name), sets };
      this.types.set(typeId, info);
    }
    return info;
  }
}

function propertyRows(globalId: string | null, expressId: number, sets: KindedSet[]): PropertyRow[] {
  const rows: PropertyRow[] = [];
  for (const { set, kind } of sets) {
    for (const property of set.properties) {
      rows.push({
        ElementGlobalId: globalId,
        ElementExpressId: expressId,
        SetName: set.name,
        SetKind: kind,
        PropertyName: property.name,
        Value: property.value.text,
        NumericValue: property.value.number,
        Unit: property.unit,
        ValueType: property.value.valueType,
      });
    }
  }
  return rows;
}
