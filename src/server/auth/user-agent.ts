// "Firefox 128" on "Ubuntu": the browser and system a session or sign-in came from, for the user's own lists.
import UAParser from 'ua-parser-js';

export interface DeviceDescription {
  browser: string;
  os: string;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const { browser, os } = new UAParser(userAgent).getResult();
  return {
    browser: browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : 'Unknown browser',
    os: os.name ? [os.name, os.version].filter(Boolean).join(' ') : 'Unknown system',
  };
}
