import { DEFAULT_TOLERANCES, measurementSettings, type AntennaSetupInput, type MeasurementSettings, type StartOccupationBody, type Tolerances } from '@smi/contracts';
import { antennaModel, markToPhaseCentre, referenceOffset } from '@smi/geodesy';
import type { ResolvedAntenna } from '@smi/occupations';
import { AppError } from '../http/errors.js';

// the antenna an occupation stores is the occupations repository's shape
export type { ResolvedAntenna };

/** A project's stored settings with the defaults filled in (a stored value that no longer parses: the defaults). */
export function settingsOf(stored: unknown): MeasurementSettings {
  const parsed = measurementSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : measurementSettings.parse({});
}

/**
 * The antenna with every figure its arithmetic needs: the phase-centre offset (typed, else the table's for its
 * model; a model not in the table without one: 0), for a vertical height the height of what it was measured to
 * above the ARP (typed, else from the reference and the table), for a slant height the radius and SHMP offset.
 */
export function resolveAntenna(a: AntennaSetupInput): ResolvedAntenna {
  const known = a.Model ? antennaModel(a.Model) : undefined;
  const offset = a.Offset ?? (known ? known.phaseCentreOffset : 0);
  if (offset === undefined) throw new AppError(400, `Antenna.Offset: the table has no published phase-centre offset for ${known!.model}; type it`);
  const antenna: ResolvedAntenna = { Height: a.Height, HeightType: a.HeightType, Reference: a.Reference, Model: a.Model, Offset: offset };
  if (a.HeightType === 'slant') {
    antenna.Radius = a.Radius ?? known?.radius;
    antenna.ShmpOffset = a.ShmpOffset ?? known?.shmpOffset ?? 0;
    if (antenna.Radius === undefined) throw new AppError(400, 'Antenna.Radius: a slant height needs the antenna radius');
    if (!(a.Height > antenna.Radius)) throw new AppError(400, 'Antenna.Height: a slant height must be longer than the antenna radius');
  } else {
    antenna.ReferenceOffset = a.ReferenceOffset ?? referenceOffset(known, a.Reference);
    if (antenna.ReferenceOffset === undefined) {
      throw new AppError(400, `Antenna.ReferenceOffset: the height of "${a.Reference}" above the antenna reference point is not in the table; type it`);
    }
  }
  // the arithmetic the gateway will do, done once here so a set-up it cannot reduce is refused now
  markToPhaseCentre(setupOf(antenna));
  return antenna;
}

/** The geodesy package's set-up of a resolved antenna. */
export function setupOf(a: ResolvedAntenna) {
  return { height: a.Height, type: a.HeightType, phaseCentreOffset: a.Offset, referenceOffset: a.ReferenceOffset, radius: a.Radius, shmpOffset: a.ShmpOffset };
}

/** What an occupation runs with: the request over the project's settings over the methods' defaults. */
export function resolveOccupation(settings: MeasurementSettings, body: StartOccupationBody) {
  const method = body.Method ?? settings.DefaultMethod;
  const tolerances: Tolerances = { ...DEFAULT_TOLERANCES[method], ...settings.Tolerances[method], ...body.Tolerances };
  const antenna = resolveAntenna(body.Antenna ?? settings.Antenna);
  return { method, tolerances, antenna, maxPauseS: settings.MaxPauseS, splitGapS: settings.SplitGapS };
}
