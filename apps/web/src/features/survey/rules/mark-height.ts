import type { AntennaSetupInput } from '@smi/contracts';
import { antennaModel, markToPhaseCentre } from '@smi/geodesy';

/**
 * The height of the mark under the antenna (decision 016): the receiver's height minus the distance from the mark up to
 * the antenna phase centre, with the same reduction the server applies (vertical or slant, the model's offset unless
 * one is typed). Null when the set-up cannot be reduced (a slant height without a radius).
 */
export function markHeight(antennaHeight: number, a: AntennaSetupInput): number | null {
  const model = a.Model ? antennaModel(a.Model) : undefined;
  try {
    return (
      antennaHeight -
      markToPhaseCentre({
        height: a.Height,
        type: a.HeightType,
        phaseCentreOffset: a.Offset ?? model?.phaseCentreOffset ?? 0,
        radius: a.Radius ?? model?.radius,
        shmpOffset: a.ShmpOffset ?? model?.shmpOffset ?? 0,
      })
    );
  } catch {
    return null;
  }
}
