const started = new Set<string>();

/**
 * Starts the download of images a screen is about to show as soon as their addresses are known
 * (issue 20, the runner's first look): a `<link rel=preload as=image fetchpriority=high>` each,
 * which the screen's own `<img>` of the same address then takes from the cache. The photos load
 * while the screen renders instead of after it. Each address once per page load.
 */
export function preloadImages(urls: readonly string[]): void {
  for (const href of urls) {
    if (!href || started.has(href)) continue;
    started.add(href);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.setAttribute('fetchpriority', 'high');
    link.href = href;
    document.head.append(link);
  }
}
