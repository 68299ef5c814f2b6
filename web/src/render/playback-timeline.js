// The guided playback's timeline: six captions over three phases (match, share, mix), and how
// far each phase has got at time t. With reduced motion the picture does not move between
// captions: each caption shows its finished frame. No DOM here (tests/unit).

export const PHASES = ['match', 'share', 'mix'];
export const CAPTIONS_PER_PHASE = 2;

/** Index of the caption shown at time t (0 ... 5) for a playback of `duration` seconds. */
export function captionAt(t, duration) {
  const count = PHASES.length * CAPTIONS_PER_PHASE;
  const i = Math.floor((Math.min(Math.max(t, 0), duration) / duration) * count);
  return Math.min(count - 1, i);
}

/** Start time of caption i. */
export function captionStart(i, duration) {
  return (i * duration) / (PHASES.length * CAPTIONS_PER_PHASE);
}

/**
 * The frame to draw at time t: for each phase its progress in [0, 1]. With reduced motion the
 * time is moved to the end of the current caption, so the picture steps with the captions.
 */
export function frameAt(t, duration, reducedMotion = false) {
  let time = Math.min(Math.max(t, 0), duration);
  if (reducedMotion) time = captionStart(captionAt(time, duration) + 1, duration);
  const per = duration / PHASES.length;
  const progress = {};
  PHASES.forEach((phase, k) => { progress[phase] = Math.min(1, Math.max(0, (time - k * per) / per)); });
  return progress;
}

/** "0:12 of 0:30" */
export function clockText(t, duration) {
  const f = (s) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  return `${f(t)} of ${f(duration)}`;
}
