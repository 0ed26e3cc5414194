import type { Point3, Solid } from './body-shapes';
import type { GeneratedSchema } from './model-options';
import { UNSET, bool, enumValue, real, ref, refs, str } from './step-format';
import type { StepWriter } from './step-writer';

/**
 * Writes product bodies the way authoring tools export them: IfcProductDefinitionShape → one 'Body'
 * IfcShapeRepresentation in a Body sub-context → IfcFacetedBrep per solid (IfcClosedShell → IfcFace →
 * IfcFaceOuterBound → IfcPolyLoop → IfcCartesianPoint, corners shared by the faces of a solid), or, for
 * tessellated products in IFC4, one IfcTriangulatedFaceSet over an IfcCartesianPointList3D (IFC2X3 has neither).
 * Geometry is never a row: it is there for its bytes, which web-ifc reads and the streaming extractor skips.
 */
export class BodyWriter {
  /** Bytes of the lines written for bodies so far (the file's geometry share). */
  bytes = 0;
  private subContext: number | null = null;

  constructor(
    private readonly w: StepWriter,
    private readonly schema: GeneratedSchema,
    private readonly modelContext: number,
  ) {}

  /** The body of one product: its IfcProductDefinitionShape's id. `tessellated` is honoured where the schema has it. */
  write(solids: Solid[], tessellated = false): number {
    const before = this.w.pendingBytes;
    const context = this.context();
    const useTessellation = tessellated && this.schema !== 'IFC2X3';
    const items = useTessellation ? [this.faceSet(solids)] : solids.map((s) => this.brep(s));
    const representation = this.w.entity('IfcShapeRepresentation', [
      ref(context),
      str('Body'),
      str(useTessellation ? 'Tessellation' : 'Brep'),
      refs(items),
    ]);
    const shape = this.w.entity('IfcProductDefinitionShape', [UNSET, UNSET, refs([representation])]);
    this.bytes += this.w.pendingBytes - before;
    return shape;
  }

  /** Written once, before the first body: the model context's 'Body' view, as exporters declare it. */
  private context(): number {
    this.subContext ??= this.w.entity('IfcGeometricRepresentationSubContext', [
      str('Body'),
      str('Model'),
      '*',
      '*',
      '*',
      '*',
      ref(this.modelContext),
      UNSET,
      enumValue('MODEL_VIEW'),
      UNSET,
    ]);
    return this.subContext;
  }

  private brep(solid: Solid): number {
    const points = solid.points.map((p) => this.w.entity('IfcCartesianPoint', [coordinates(p)]));
    const faces = solid.faces.map((face) => {
      const loop = this.w.entity('IfcPolyLoop', [refs(face.map((i) => points[i] ?? 0))]);
      const bound = this.w.entity('IfcFaceOuterBound', [ref(loop), bool(true)]);
      return this.w.entity('IfcFace', [refs([bound])]);
    });
    const shell = this.w.entity('IfcClosedShell', [refs(faces)]);
    return this.w.entity('IfcFacetedBrep', [ref(shell)]);
  }

  /** All solids in one face set: faces fanned into triangles (the solids' faces are convex), indices from 1. */
  private faceSet(solids: Solid[]): number {
    const points: Point3[] = [];
    const triangles: string[] = [];
    for (const solid of solids) {
      const offset = points.length + 1;
      points.push(...solid.points);
      for (const face of solid.faces)
        for (let i = 1; i + 1 < face.length; i++)
          triangles.push(`(${[face[0], face[i], face[i + 1]].map((p) => (p ?? 0) + offset).join(',')})`);
    }
    // IFC4X3 added an optional TagList to point lists
    const list = this.w.entity('IfcCartesianPointList3D', [
      `(${points.map(coordinates).join(',')})`,
      ...(this.schema === 'IFC4X3' ? [UNSET] : []),
    ]);
    return this.w.entity('IfcTriangulatedFaceSet', [
      ref(list),
      UNSET,
      bool(true),
      `(${triangles.join(',')})`,
      UNSET,
    ]);
  }
}

function coordinates([x, y, z]: Point3): string {
  return `(${real(x)},${real(y)},${real(z)})`;
}
