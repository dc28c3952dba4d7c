/** A video's length as a player shows it: m:ss (75 → "1:15"), hours counted in minutes. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A video's length in words for screen readers ("1 minute, 15 seconds"): "1:15" is read out as a
 * time or a ratio. Intl does the units and their plurals in every app language, no catalogue keys.
 */
export function spokenDuration(seconds: number, language: string): string {
  const s = Math.max(0, Math.round(seconds));
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const parts = [
    ...(minutes > 0 ? [unit(minutes, 'minute')] : []),
    ...(rest > 0 || minutes === 0 ? [unit(rest, 'second')] : []),
  ];
  return new Intl.ListFormat(language, { type: 'unit', style: 'long' }).format(parts);
}
