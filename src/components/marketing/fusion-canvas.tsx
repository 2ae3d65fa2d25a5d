import { useEffect, useRef } from 'react';
import { FUSION_STILL_TIME, type FusionFrame, fusionFrame } from '~/client/motion/fusion.ts';
import { usePrefersReducedMotion } from '~/client/motion/use-prefers-reduced-motion.ts';

const DEUTERIUM = 'oklch(78% 0.14 225)';
const TRITIUM = 'oklch(80% 0.14 165)';
const RELEASE = 'oklch(86% 0.15 80)';

/**
 * "Atomic Fusion Process": two nuclei approach, "ENERGY RELEASED!" within 40 px, the cycle restarts after
 * 8 time units (seconds). Sharp on high-DPI screens, paused off screen, a still frame with reduced motion.
 */
export function FusionCanvas() {
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reduced = usePrefersReducedMotion();

  useEffect(() => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !figure || !ctx) return;

    let width = 0;
    let height = 0;
    let time = reduced ? FUSION_STILL_TIME : 0;
    let visible = false;
    let frameId = 0;
    let last: number | null = null;

    const draw = () => {
      const frame = fusionFrame(time, width);
      paint(ctx, frame, width, height);
      const released = String(frame.released);
      if (figure.dataset.released !== released) figure.dataset.released = released;
    };

    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      // Off screen nothing is drawn (the first text drawn on a canvas costs a font lookup).
      if (visible) draw();
    };

    const tick = (now: number) => {
      if (last !== null) time += Math.min(0.1, (now - last) / 1000);
      last = now;
      draw();
      frameId = requestAnimationFrame(tick);
    };
    const start = () => {
      if (reduced || frameId) return;
      last = null;
      frameId = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frameId);
      frameId = 0;
    };

    const resizeObserver = new ResizeObserver(resize);
    resizeObserver.observe(canvas);
    const visibility = new IntersectionObserver((entries) => {
      visible = entries.some((e) => e.isIntersecting);
      figure.dataset.running = String(visible && !reduced);
      if (visible) {
        draw();
        start();
      } else stop();
    });
    visibility.observe(canvas);
    resize();

    return () => {
      stop();
      resizeObserver.disconnect();
      visibility.disconnect();
    };
  }, [reduced]);

  return (
    <figure
      ref={figureRef}
      data-testid="fusion-figure"
      className="overflow-hidden rounded-[1.5rem] border border-white/10 bg-[oklch(17%_0.035_255)] shadow-2xl shadow-primary/10"
    >
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Two atomic nuclei accelerate toward each other, fuse and release a burst of energy."
        className="block h-48 w-full"
      />
      <figcaption className="border-t border-white/10 px-5 py-3 text-center text-sm font-semibold tracking-wide text-[oklch(92%_0.01_240)]">
        Atomic Fusion Process
      </figcaption>
    </figure>
  );
}

function paint(ctx: CanvasRenderingContext2D, frame: FusionFrame, width: number, height: number) {
  const cy = height / 2 + 8;
  const cx = width / 2;
  ctx.clearRect(0, 0, width, height);

  // Confinement field: faint nested ellipses around the meeting point.
  ctx.lineWidth = 1;
  for (let i = 1; i <= 3; i++) {
    ctx.strokeStyle = `oklch(70% 0.1 225 / ${0.16 - i * 0.035})`;
    ctx.beginPath();
    ctx.ellipse(cx, cy, Math.min(width * 0.16 * i, width / 2 - 8), 18 * i, 0, 0, Math.PI * 2);
    ctx.stroke();
  }

  ctx.textAlign = 'left';
  ctx.font = '600 11px ui-monospace, SFMono-Regular, Menlo, monospace';
  ctx.fillStyle = 'oklch(80% 0.03 240 / 0.7)';
  ctx.fillText('D + T \u2192 He-4 + n + 17.6 MeV', 14, 22);

  // Guide rail between the two injectors.
  ctx.strokeStyle = 'oklch(60% 0.05 240 / 0.25)';
  ctx.setLineDash([4, 6]);
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(16, cy);
  ctx.lineTo(width - 16, cy);
  ctx.stroke();
  ctx.setLineDash([]);

  if (frame.released) {
    const b = frame.burst;
    for (let ring = 0; ring < 3; ring++) {
      const r = 14 + (b * 1.4 - ring * 0.18) * Math.min(width, 360) * 0.45;
      if (r <= 14) continue;
      ctx.strokeStyle = `oklch(86% 0.15 80 / ${Math.max(0, 0.7 - b * 0.7)})`;
      ctx.lineWidth = 3 - ring;
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.stroke();
    }
    glow(ctx, cx, cy, 46 * (1 - b * 0.5), RELEASE, 0.55 * (1 - b * 0.6));
  }

  nucleus(ctx, frame.leftX, cy, DEUTERIUM, frame.released ? 0.5 : 1);
  nucleus(ctx, frame.rightX, cy, TRITIUM, frame.released ? 0.5 : 1);

  ctx.font = '600 11px ui-sans-serif, system-ui, sans-serif';
  ctx.fillStyle = 'oklch(85% 0.02 240 / 0.8)';
  if (!frame.released) {
    // Each label reads outward from its nucleus and stops short of the midpoint, so the two never run
    // into each other as the nuclei meet (on a phone the canvas is narrow).
    const mid = (frame.leftX + frame.rightX) / 2;
    ctx.textAlign = 'right';
    ctx.fillText('Deuterium', Math.min(frame.leftX + 24, mid - 4), cy + 28);
    ctx.textAlign = 'left';
    ctx.fillText('Tritium', Math.max(frame.rightX - 18, mid + 4), cy + 28);
  }
  ctx.textAlign = 'center';

  if (frame.released) {
    ctx.font = '800 18px ui-sans-serif, system-ui, sans-serif';
    ctx.fillStyle = RELEASE;
    ctx.fillText('ENERGY RELEASED!', cx, Math.max(24, cy - 44));
  }
}

function nucleus(ctx: CanvasRenderingContext2D, x: number, y: number, color: string, alpha: number) {
  glow(ctx, x, y, 26, color, 0.35 * alpha);
  ctx.globalAlpha = alpha;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, 9, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalAlpha = 1;
}

function glow(ctx: CanvasRenderingContext2D, x: number, y: number, radius: number, color: string, alpha: number) {
  const gradient = ctx.createRadialGradient(x, y, 0, x, y, radius);
  gradient.addColorStop(0, color);
  gradient.addColorStop(1, 'transparent');
  ctx.globalAlpha = Math.max(0, alpha);
  ctx.fillStyle = gradient;
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.globalAlpha = 1;
}
