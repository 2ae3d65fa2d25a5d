// Geometry of the "Atomic Fusion Process" animation, as a pure function of time (one unit = one second).

/** The cycle restarts after this many time units. */
export const FUSION_CYCLE_UNITS = 8;
/** Units the two particles take to close the whole gap. */
export const FUSION_APPROACH_UNITS = 5;
/** "ENERGY RELEASED!" shows once the particles are closer than this. */
export const FUSION_RELEASE_DISTANCE_PX = 40;
/** Particles start this far from the canvas edges. */
export const FUSION_EDGE_MARGIN_PX = 48;

export interface FusionFrame {
  /** Time within the current cycle, 0 <= t < FUSION_CYCLE_UNITS. */
  t: number;
  leftX: number;
  rightX: number;
  distance: number;
  released: boolean;
  /** 0 at the moment of release, rising to 1 at the end of the cycle; 0 before release. */
  burst: number;
}

/** Particles accelerate toward each other (quadratic), meet, and the cycle starts over. */
export function fusionFrame(timeUnits: number, width: number): FusionFrame {
  const t = ((timeUnits % FUSION_CYCLE_UNITS) + FUSION_CYCLE_UNITS) % FUSION_CYCLE_UNITS;
  const startDistance = Math.max(0, width - 2 * FUSION_EDGE_MARGIN_PX);
  const progress = Math.min(1, t / FUSION_APPROACH_UNITS);
  const distance = startDistance * (1 - progress * progress);
  const center = width / 2;
  const released = distance < FUSION_RELEASE_DISTANCE_PX;
  const releaseAt = startDistance <= FUSION_RELEASE_DISTANCE_PX ? 0 : FUSION_APPROACH_UNITS * Math.sqrt(1 - FUSION_RELEASE_DISTANCE_PX / startDistance);
  const burst = released ? Math.min(1, (t - releaseAt) / (FUSION_CYCLE_UNITS - releaseAt)) : 0;
  return { t, leftX: center - distance / 2, rightX: center + distance / 2, distance, released, burst };
}

/** The still frame drawn when the user prefers reduced motion: just after release, both particles visible. */
export const FUSION_STILL_TIME = FUSION_APPROACH_UNITS * 0.97;
