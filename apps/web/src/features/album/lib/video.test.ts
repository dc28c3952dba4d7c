import { describe, expect, it } from 'vitest';
import { formatDuration, spokenDuration } from './video';

describe('video lengths', () => {
  it('are shown as m:ss, rounded to the second', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('are said in words in the app language', () => {
    expect(spokenDuration(75, 'en')).toBe('1 minute, 15 seconds');
    expect(spokenDuration(120, 'en')).toBe('2 minutes');
    expect(spokenDuration(9, 'en')).toBe('9 seconds');
    expect(spokenDuration(0, 'en')).toBe('0 seconds');
    expect(spokenDuration(75, 'de')).toBe('1 Minute, 15 Sekunden');
  });
});
