import { IFCPROJECT } from './ifc-type-codes';
import type { LineSource } from './line-source';
import { num, refId, refIds, text } from './model-reader';

const PREFIX: Record<string, string> = {
  EXA: 'E',
  PETA: 'P',
  TERA: 'T',
  GIGA: 'G',
  MEGA: 'M',
  KILO: 'k',
  HECTO: 'h',
  DECA: 'da',
  DECI: 'd',
  CENTI: 'c',
  MILLI: 'm',
  MICRO: 'µ',
  NANO: 'n',
  PICO: 'p',
  FEMTO: 'f',
  ATTO: 'a',
};

const SI_SYMBOL: Record<string, string> = {
  METRE: 'm',
  SQUARE_METRE: 'm2',
  CUBIC_METRE: 'm3',
  GRAM: 'g',
  SECOND: 's',
  RADIAN: 'rad',
  STERADIAN: 'sr',
  KELVIN: 'K',
  DEGREE_CELSIUS: '°C',
  WATT: 'W',
  NEWTON: 'N',
  PASCAL: 'Pa',
  JOULE: 'J',
  HERTZ: 'Hz',
  LUMEN: 'lm',
  LUX: 'lx',
  VOLT: 'V',
  AMPERE: 'A',
  OHM: 'Ω',
  MOLE: 'mol',
  CANDELA: 'cd',
  COULOMB: 'C',
  FARAD: 'F',
  HENRY: 'H',
  SIEMENS: 'S',
  TESLA: 'T',
  WEBER: 'Wb',
  BECQUEREL: 'Bq',
  GRAY: 'Gy',
  SIEVERT: 'Sv',
};

const CONVERSION_SYMBOL: Record<string, string> = {
  FOOT: 'ft',
  INCH: 'in',
  'SQUARE FOOT': 'ft2',
  'SQUARE INCH': 'in2',
  'CUBIC FOOT': 'ft3',
  'CUBIC INCH': 'in3',
  DEGREE: '°',
  POUND: 'lb',
  'US GALLON': 'gal',
  YARD: 'yd',
  MILE: 'mi',
};

/** The IfcUnitEnum / IfcDerivedUnitEnum that labels each measure type. */
const UNIT_TYPE_OF_MEASURE: Record<string, string> = {
  IfcLengthMeasure: 'LENGTHUNIT',
  IfcPositiveLengthMeasure: 'LENGTHUNIT',
  IfcNonNegativeLengthMeasure: 'LENGTHUNIT',
  IfcAreaMeasure: 'AREAUNIT',
  IfcVolumeMeasure: 'VOLUMEUNIT',
  IfcMassMeasure: 'MASSUNIT',
  IfcTimeMeasure: 'TIMEUNIT',
  IfcPlaneAngleMeasure: 'PLANEANGLEUNIT',
  IfcPositivePlaneAngleMeasure: 'PLANEANGLEUNIT',
  IfcThermodynamicTemperatureMeasure: 'THERMODYNAMICTEMPERATUREUNIT',
  IfcThermalTransmittanceMeasure: 'THERMALTRANSMITTANCEUNIT',
  IfcPowerMeasure: 'POWERUNIT',
  IfcForceMeasure: 'FORCEUNIT',
  IfcPressureMeasure: 'PRESSUREUNIT',
  IfcEnergyMeasure: 'ENERGYUNIT',
  IfcMassDensityMeasure: 'MASSDENSITYUNIT',
  IfcFrequencyMeasure: 'FREQUENCYUNIT',
  IfcVolumetricFlowRateMeasure: 'VOLUMETRICFLOWRATEUNIT',
  IfcElectricCurrentMeasure: 'ELECTRICCURRENTUNIT',
  IfcElectricVoltageMeasure: 'ELECTRICVOLTAGEUNIT',
  IfcIlluminanceMeasure: 'ILLUMINANCEUNIT',
  IfcLuminousFluxMeasure: 'LUMINOUSFLUXUNIT',
  IfcThermalResistanceMeasure: 'THERMALRESISTANCEUNIT',
  IfcThermalConductivityMeasure: 'THERMALCONDUCTANCEUNIT',
  IfcLinearVelocityMeasure: 'LINEARVELOCITYUNIT',
  IfcMonetaryMeasure: 'MONETARYUNIT',
};

function withExponent(label: string, exponent: number): string {
  return Math.abs(exponent) === 1 ? label : `${label}${Math.abs(exponent)}`;
}

/**
 * Unit labels of the project's IfcUnitAssignment, so numeric properties and quantities can say
 * 'mm', 'm2', 'kg'… Values are never converted: BI users see the numbers the file holds.
 */
export class UnitLabels {
  private readonly byUnitType = new Map<string, string>();
  private readonly byUnitId = new Map<number, string | null>();

  constructor(private readonly reader: LineSource) {
    const projectId = reader.idsOf(IFCPROJECT)[0];
    const assignment = reader.line(refId(reader.line(projectId)?.UnitsInContext));
    for (const unitId of refIds(assignment?.Units)) {
      const unit = reader.line(unitId);
      const unitType =
        text(unit?.UnitType) ??
        (unit && reader.typeName(unit.type) === 'IfcMonetaryUnit' ? 'MONETARYUNIT' : null);
      const label = this.labelOfUnit(unitId);
      if (unitType && label && !this.byUnitType.has(unitType)) this.byUnitType.set(unitType, label);
    }
  }

  /** Label of a measure type such as 'IfcLengthMeasure', from the project's units. */
  forMeasure(measureType: string | null): string | null {
    const unitType = measureType ? UNIT_TYPE_OF_MEASURE[measureType] : undefined;
    return unitType ? (this.byUnitType.get(unitType) ?? null) : null;
  }

  /** Label of a unit entity (IfcSIUnit, IfcConversionBasedUnit, IfcDerivedUnit, IfcMonetaryUnit). */
  labelOfUnit(id: number | null, depth = 0): string | null {
    if (id === null || depth > 4) return null;
    const cached = this.byUnitId.get(id);
    if (cached !== undefined) return cached;
    const unit = this.reader.line(id);
    let label: string | null = null;
    if (unit) {
      const kind = this.reader.typeName(unit.type);
      if (kind === 'IfcSIUnit') {
        const name = text(unit.Name) ?? '';
        const symbol = SI_SYMBOL[name] ?? name.toLowerCase();
        const prefix = PREFIX[text(unit.Prefix) ?? ''] ?? '';
        label = prefix + symbol || null;
      } else if (kind.startsWith('IfcConversionBasedUnit')) {
        const name = text(unit.Name);
        label = name ? (CONVERSION_SYMBOL[name.toUpperCase()] ?? name) : null;
      } else if (kind === 'IfcDerivedUnit') {
        label = this.derivedLabel(unit.Elements, depth) ?? text(unit.UserDefinedType);
      } else if (kind === 'IfcMonetaryUnit') {
        label = text(unit.Currency);
      }
    }
    this.byUnitId.set(id, label);
    return label;
  }

  /** W·m-2·K-1 written the way people read it: W/(m2·K). */
  private derivedLabel(elements: unknown, depth: number): string | null {
    const over: string[] = [];
    const under: string[] = [];
    for (const elementId of refIds(elements)) {
      const element = this.reader.line(elementId);
      const label = this.labelOfUnit(refId(element?.Unit), depth + 1);
      const exponent = num(element?.Exponent) ?? 1;
      if (!label || exponent === 0) continue;
      (exponent > 0 ? over : under).push(withExponent(label, exponent));
    }
    if (over.length === 0 && under.length === 0) return null;
    const top = over.join('·') || '1';
    if (under.length === 0) return top;
    return `${top}/${under.length > 1 ? `(${under.join('·')})` : under[0]}`;
  }
}
