import { describe, expect, it } from 'vitest';
import { FUSION_CYCLE_UNITS, FUSION_EDGE_MARGIN_PX, FUSION_RELEASE_DISTANCE_PX, FUSION_STILL_TIME, fusionFrame } from './fusion.ts';

const WIDTH = 600;

describe('fusionFrame', () => {
  it('starts with the particles at opposite edges, not released', () => {
    const f = fusionFrame(0, WIDTH);
    expect(f.leftX).toBe(FUSION_EDGE_MARGIN_PX);
    expect(f.rightX).toBe(WIDTH - FUSION_EDGE_MARGIN_PX);
    expect(f.released).toBe(false);
    expect(f.burst).toBe(0);
  });

  it('moves the particles toward each other, symmetric around the centre', () => {
    let previous = Infinity;
    for (let t = 0; t <= 5; t += 0.25) {
      const f = fusionFrame(t, WIDTH);
      expect(f.distance).toBeLessThanOrEqual(previous);
      expect((f.leftX + f.rightX) / 2).toBeCloseTo(WIDTH / 2, 10);
      previous = f.distance;
    }
  });

  it('shows ENERGY RELEASED exactly when the particles are within 40 px', () => {
    for (let t = 0; t < FUSION_CYCLE_UNITS; t += 0.01) {
      const f = fusionFrame(t, WIDTH);
      expect(f.released).toBe(f.distance < FUSION_RELEASE_DISTANCE_PX);
    }
    expect(fusionFrame(4, WIDTH).released).toBe(false);
    expect(fusionFrame(5, WIDTH).released).toBe(true);
  });

  it('grows the burst from 0 at release to 1 at the end of the cycle', () => {
    const firstReleased = [...Array(800).keys()].map((i) => fusionFrame(i / 100, WIDTH)).find((f) => f.released);
    expect(firstReleased?.burst).toBeLessThan(0.02);
    expect(fusionFrame(FUSION_CYCLE_UNITS - 1e-9, WIDTH).burst).toBeCloseTo(1, 5);
  });

  it('restarts after 8 time units', () => {
    expect(FUSION_CYCLE_UNITS).toBe(8);
    expect(fusionFrame(8, WIDTH)).toEqual(fusionFrame(0, WIDTH));
    expect(fusionFrame(8 + 2.5, WIDTH)).toEqual(fusionFrame(2.5, WIDTH));
    expect(fusionFrame(7.99, WIDTH).released).toBe(true);
  });

  it('uses a still frame for reduced motion in which the energy is released', () => {
    const still = fusionFrame(FUSION_STILL_TIME, WIDTH);
    expect(still.released).toBe(true);
    expect(still.distance).toBeGreaterThan(0);
  });
});
