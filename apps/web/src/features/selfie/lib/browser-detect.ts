/** The browsers and systems the camera help covers (entry spec §2). */
export const HELP_BROWSERS = ['safari', 'chrome', 'edge', 'firefox'] as const;
export const HELP_SYSTEMS = ['ios', 'android', 'desktop'] as const;
export type HelpBrowser = (typeof HELP_BROWSERS)[number];
export type HelpSystem = (typeof HELP_SYSTEMS)[number];

export const BROWSER_NAMES: Record<HelpBrowser, string> = {
  safari: 'Safari',
  chrome: 'Chrome',
  edge: 'Edge',
  firefox: 'Firefox',
};

export const isHelpBrowser = (v: string | undefined): v is HelpBrowser =>
  (HELP_BROWSERS as readonly string[]).includes(v ?? '');
export const isHelpSystem = (v: string | undefined): v is HelpSystem =>
  (HELP_SYSTEMS as readonly string[]).includes(v ?? '');

/**
 * The user's system from the user agent. iPadOS presents itself as a Mac: a Mac with a touch
 * screen is an iPad.
 */
export function detectSystem(ua: string, maxTouchPoints = 0): HelpSystem {
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Macintosh/i.test(ua) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(ua)) return 'android';
  return 'desktop';
}

/**
 * The user's browser from the user agent. Order matters: Edge and Chrome on iOS also say
 * "Safari", Edge also says "Chrome". Anything else (Opera, Samsung Internet, …) is Chromium
 * underneath and gets Chrome's instructions.
 */
export function detectBrowser(ua: string): HelpBrowser {
  if (/Firefox\/|FxiOS\//i.test(ua)) return 'firefox';
  if (/Edg(e|A|iOS)?\//i.test(ua)) return 'edge';
  if (/Chrome\/|CriOS\/|Chromium\//i.test(ua)) return 'chrome';
  if (/Safari\//i.test(ua)) return 'safari';
  return 'chrome';
}

export function detectCurrent(): { browser: HelpBrowser; system: HelpSystem } {
  if (typeof navigator === 'undefined') return { browser: 'chrome', system: 'desktop' };
  return {
    browser: detectBrowser(navigator.userAgent),
    system: detectSystem(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  };
}

/** One instruction: its catalogue key under selfie.camera_help.steps and the values it needs. */
export interface HelpStep {
  key: string;
  vars?: Record<string, string>;
}

const SETTINGS_PAGES: Record<Exclude<HelpBrowser, 'safari'>, string> = {
  chrome: 'chrome://settings/content/camera',
  edge: 'edge://settings/content/camera',
  firefox: 'about:preferences#privacy',
};

/**
 * How to allow the camera again in one browser on one system. Every browser on iOS asks the
 * Settings app; Android and desktop browsers have a site-permission menu at the address bar.
 * Safari does not exist on Android: Chrome's steps, with a note.
 */
export function cameraHelpSteps(browser: HelpBrowser, system: HelpSystem): HelpStep[] {
  const name = BROWSER_NAMES[browser];
  if (system === 'ios') {
    return browser === 'safari'
      ? [{ key: 'ios_safari' }, { key: 'ios_safari_site' }, { key: 'reload' }]
      : [{ key: 'ios_app', vars: { browser: name } }, { key: 'reload' }];
  }
  if (browser === 'safari' && system === 'android') {
    return [{ key: 'android_no_safari' }, ...cameraHelpSteps('chrome', 'android')];
  }
  if (browser === 'safari')
    return [{ key: 'mac_safari' }, { key: 'mac_system', vars: { browser: name } }, { key: 'reload' }];
  if (system === 'android') {
    return [
      { key: 'address_icon', vars: { browser: name } },
      { key: 'android_app', vars: { browser: name } },
      { key: 'reload' },
    ];
  }
  return [
    { key: 'address_icon', vars: { browser: name } },
    { key: 'desktop_settings', vars: { browser: name, url: SETTINGS_PAGES[browser] } },
    { key: 'desktop_system', vars: { browser: name } },
    { key: 'reload' },
  ];
}
