/**
 * How the journeys (`playwright.config.ts`) and the browser benchmark (`npm run bench:web`) start Debian's Chromium
 * (decision 0244).
 *
 * Every new browser context opens a window of its own, and each window of the full Chromium preloads its own WebUI
 * (the address bar's popup, `chrome://omnibox-popup.top-chrome`): 2.7–3.8 s of CPU in a renderer beside the page's,
 * for every journey and every benchmark run on a machine of two cores. A user's browser does that once, when its
 * window opens, not each time a page loads. With `PreloadTopChromeWebUI` and `WebUIOmniboxPopup` both turned off
 * (either alone leaves the renderer), the popup is the browser's own view, and no renderer starts for it.
 *
 * Chromium keeps the last `--disable-features` it is given, whole: Playwright passes its own list first, so ours
 * repeats Playwright's (`chromium-launch.test.ts` checks that it still holds every feature Playwright turns off).
 */

/** Debian's Chromium: `npx playwright install` has nothing to download here. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The features Playwright 1.65 turns off at every launch (its `--disable-features`). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/** Playwright's, and the window's WebUI that each new context would start. */
export const DISABLED_FEATURES: readonly string[] = [
  ...PLAYWRIGHT_DISABLED_FEATURES,
  'PreloadTopChromeWebUI',
];

/** The one `--disable-features` switch to pass. */
export const DISABLE_FEATURES_ARG = `--disable-features=${DISABLED_FEATURES.join(',')}`;
