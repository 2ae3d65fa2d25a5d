// "Firefox 128" on "Ubuntu": the browser and system a session or sign-in came from, for the user's own lists.
import { createRequire } from 'node:module';
import type UAParserType from 'ua-parser-js';

/** Loaded when a list first needs it, not at start-up (ADR 0022). */
let parser: typeof UAParserType | null = null;
const uaParser = () => (parser ??= createRequire(import.meta.url)('ua-parser-js') as typeof UAParserType);

export interface DeviceDescription {
  browser: string;
  os: string;
}

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system' };
  const UAParser = uaParser();
  const { browser, os } = new UAParser(userAgent).getResult();
  return {
    browser: browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : 'Unknown browser',
    os: os.name ? [os.name, os.version].filter(Boolean).join(' ') : 'Unknown system',
  };
}
