/** The system Chromium (no browser download is possible or needed), shared by the browser tests and the bench. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
