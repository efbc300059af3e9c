import { DEFAULT_TOLERANCES, measurementSettings, type AntennaSetupInput, type MeasurementSettings, type StartOccupationBody, type Tolerances } from '@smi/contracts';
import { antennaModel, markToPhaseCentre } from '@smi/geodesy';
import { AppError } from '../http/errors.js';

/** A project's stored settings with the defaults filled in (a stored value that no longer parses: the defaults). */
export function settingsOf(stored: unknown): MeasurementSettings {
  const parsed = measurementSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : measurementSettings.parse({});
}

export interface ResolvedAntenna {
  Height: number;
  HeightType: 'vertical' | 'slant';
  Reference: string;
  Model: string;
  Offset: number;
  Radius?: number;
  ShmpOffset?: number;
}

/** The antenna with its offset (typed, else the table's for its model, else 0) and, slant, its radius and SHMP offset. */
export function resolveAntenna(a: AntennaSetupInput): ResolvedAntenna {
  const known = a.Model ? antennaModel(a.Model) : undefined;
  const antenna: ResolvedAntenna = {
    Height: a.Height,
    HeightType: a.HeightType,
    Reference: a.Reference,
    Model: a.Model,
    Offset: a.Offset ?? known?.phaseCentreOffset ?? 0,
  };
  if (a.HeightType === 'slant') {
    antenna.Radius = a.Radius ?? known?.radius;
    antenna.ShmpOffset = a.ShmpOffset ?? known?.shmpOffset ?? 0;
    if (antenna.Radius === undefined) throw new AppError(400, 'Antenna.Radius: a slant height needs the antenna radius');
    if (!(a.Height > antenna.Radius)) throw new AppError(400, 'Antenna.Height: a slant height must be longer than the antenna radius');
  }
  // the arithmetic the gateway will do, done once here so a set-up it cannot reduce is refused now
  markToPhaseCentre({ height: antenna.Height, type: antenna.HeightType, phaseCentreOffset: antenna.Offset, radius: antenna.Radius, shmpOffset: antenna.ShmpOffset });
  return antenna;
}

/** What an occupation runs with: the request over the project's settings over the defaults. */
export function resolveOccupation(settings: MeasurementSettings, body: StartOccupationBody) {
  const method = body.Method ?? settings.DefaultMethod;
  const tolerances: Tolerances = { ...DEFAULT_TOLERANCES[method], ...settings.Tolerances[method], ...body.Tolerances };
  const antenna = resolveAntenna(body.Antenna ?? settings.Antenna);
  return { method, tolerances, antenna, maxPauseS: settings.MaxPauseS, splitGapS: settings.SplitGapS };
}
