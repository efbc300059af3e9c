import type { Tone } from './format';

/** Literal class strings per tone (Tailwind only keeps classes it can see written out). */
export const toneText: Record<Tone, string> = {
  green: 'text-emerald-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
  grey: 'text-slate-500',
  indigo: 'text-indigo-700',
  blue: 'text-blue-700',
  orange: 'text-orange-700',
};

export const toneBadge: Record<Tone, string> = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20',
};

export const toneDot: Record<Tone, string> = {
  green: 'bg-emerald-500',
  yellow: 'bg-amber-500',
  red: 'bg-red-500',
  grey: 'bg-slate-400',
  indigo: 'bg-indigo-500',
  blue: 'bg-blue-500',
  orange: 'bg-orange-500',
};

/**
 * Solid fills with white or near-black text: what stays readable on a phone in sunlight (pale tints wash out). Every
 * pair is at least 4.5:1 in both themes (the dark theme keeps a fill under white text as it is in the light one).
 */
export const toneSolid: Record<Tone, string> = {
  green: 'bg-emerald-700 text-white',
  yellow: 'bg-amber-400 text-slate-950',
  red: 'bg-red-700 text-white',
  orange: 'bg-orange-700 text-white',
  grey: 'bg-slate-600 text-white',
  indigo: 'bg-indigo-700 text-white',
  blue: 'bg-blue-700 text-white',
};
